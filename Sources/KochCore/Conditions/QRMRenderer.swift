import Foundation

/// Mixes one interfering station into a buffer: transmissions of its
/// traffic at its speed, separated by pauses of 1.5 to 5 s (its partner's
/// overs, unheard), starting 0 to 3 s into the audio, each rendered by
/// `ToneSynthesizer` at the station's pitch and level.
enum QRMRenderer {
    /// One transmission, rendered, and the sample it starts at.
    struct Transmission: Sendable {
        let startSample: Int
        let samples: [Float]
    }

    /// Every station's transmissions added into the buffer, one station
    /// after another, each straight into the buffer (no copy of its own).
    static func add(
        _ stations: [QRMStation], into buffer: UnsafeMutableBufferPointer<Float>, sampleRate: Int, toneHz: Double,
        signalPeakAmplitude: Double, seed: UInt64
    ) {
        for (index, station) in stations.enumerated() {
            add(
                station, into: buffer, sampleRate: sampleRate, toneHz: toneHz, signalPeakAmplitude: signalPeakAmplitude,
                seed: SeededGenerator.derivedSeed(seed, index: 100 + index))
        }
    }

    /// A station's transmissions over the buffer.
    static func add(
        _ station: QRMStation, into buffer: UnsafeMutableBufferPointer<Float>, sampleRate: Int, toneHz: Double,
        signalPeakAmplitude: Double, seed: UInt64
    ) {
        var generator = SeededGenerator(seed: seed)
        let synthesizer = ToneSynthesizer(
            frequencyHz: station.pitchHz(toneHz: toneHz, sampleRate: sampleRate), sampleRate: sampleRate,
            peakAmplitude: signalPeakAmplitude * pow(10, station.levelDB / 20))
        let speed = min(max(station.speedWPM, 5), 60)
        let timing = Timing(characterSpeedWPM: speed)
        var traffic = QRMTraffic(style: station.traffic, using: &generator)
        let fs = Double(sampleRate)
        var start = Int(3 * generator.nextUnit() * fs)
        while start < buffer.count {
            guard let text = try? MorseText(parsing: traffic.nextTransmission(using: &generator)) else { break }
            let timeline = Timeline(text: text, timing: timing, leadInSeconds: 0, tailSeconds: 0)
            synthesizer.add(timeline, into: buffer, offsetSamples: start)
            start += synthesizer.sampleIndex(timeline.durationSeconds) + Int((1.5 + 3.5 * generator.nextUnit()) * fs)
        }
    }
}
