import Foundation
import KochCore

/// Mixes one interfering station into a buffer: transmissions of its
/// traffic at its speed, separated by pauses of 1.5 to 5 s (its partner's
/// overs, unheard), starting 0 to 3 s into the audio, each rendered by
/// `ToneSynthesizer` at the station's pitch and level, and mixed in a
/// block at a time (`BandMix`).
enum QRMRenderer {
    /// Every station's transmissions over a recording `lengthSamples` long,
    /// one station after another, each placed where it starts.
    static func transmissions(
        _ stations: [QRMStation], lengthSamples: Int, sampleRate: Int, toneHz: Double, signalPeakAmplitude: Double, seed: UInt64
    ) -> [KeyedTone] {
        stations.enumerated().flatMap { index, station in
            transmissions(
                station, lengthSamples: lengthSamples, sampleRate: sampleRate, toneHz: toneHz,
                signalPeakAmplitude: signalPeakAmplitude, seed: SeededGenerator.derivedSeed(seed, index: 100 + index))
        }
    }

    /// A station's transmissions over the recording.
    static func transmissions(
        _ station: QRMStation, lengthSamples: Int, sampleRate: Int, toneHz: Double, signalPeakAmplitude: Double, seed: UInt64
    ) -> [KeyedTone] {
        var generator = SeededGenerator(seed: seed)
        let synthesizer = ToneSynthesizer(
            frequencyHz: station.pitchHz(toneHz: toneHz, sampleRate: sampleRate), sampleRate: sampleRate,
            peakAmplitude: signalPeakAmplitude * pow(10, station.levelDB / 20))
        let speed = min(max(station.speedWPM, 5), 60)
        let timing = Timing(characterSpeedWPM: speed)
        var traffic = QRMTraffic(style: station.traffic, using: &generator)
        let fs = Double(sampleRate)
        var start = Int(3 * generator.nextUnit() * fs)
        var transmissions: [KeyedTone] = []
        while start < lengthSamples {
            let text = Self.morse(traffic.nextTransmission(using: &generator))
            let timeline = Timeline(text: text, timing: timing, leadInSeconds: 0, tailSeconds: 0)
            transmissions.append(KeyedTone(synthesizer, timeline: timeline, offsetSamples: start, totalSamples: lengthSamples))
            start += synthesizer.sampleIndex(timeline.durationSeconds) + Int((1.5 + 3.5 * generator.nextUnit()) * fs)
        }
        return transmissions
    }

    /// A transmission's text as Morse: it is made from koch's own tables, so text that
    /// is not Morse is a bug, reported loudly rather than left out as a silent band.
    static func morse(_ transmission: String) -> MorseText {
        do {
            return try MorseText(parsing: transmission)
        } catch {
            preconditionFailure("koch's built-in QRM traffic is not Morse: '\(transmission)' (\(error))")
        }
    }
}
