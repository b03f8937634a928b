import Dispatch
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

    /// Every station's transmissions rendered (the stations on every core), then mixed in order.
    static func add(
        _ stations: [QRMStation], into buffer: UnsafeMutableBufferPointer<Float>, sampleRate: Int, toneHz: Double,
        signalPeakAmplitude: Double, seed: UInt64
    ) {
        guard !stations.isEmpty else { return }
        let count = buffer.count
        let rendered = Rendered(count: stations.count)
        DispatchQueue.concurrentPerform(iterations: stations.count) { index in
            rendered.store(index, transmissions(
                stations[index], lengthSamples: count, sampleRate: sampleRate, toneHz: toneHz,
                signalPeakAmplitude: signalPeakAmplitude, seed: SeededGenerator.derivedSeed(seed, index: 100 + index)))
        }
        for transmission in rendered.all.joined() {
            let start = transmission.startSample
            let end = min(count, start + transmission.samples.count)
            transmission.samples.withUnsafeBufferPointer { samples in
                for n in start..<end { buffer[n] += samples[n - start] }
            }
        }
    }

    /// A station's transmissions over `lengthSamples`.
    static func transmissions(
        _ station: QRMStation, lengthSamples: Int, sampleRate: Int, toneHz: Double, signalPeakAmplitude: Double, seed: UInt64
    ) -> [Transmission] {
        var generator = SeededGenerator(seed: seed)
        let synthesizer = ToneSynthesizer(
            frequencyHz: station.pitchHz(toneHz: toneHz, sampleRate: sampleRate), sampleRate: sampleRate,
            peakAmplitude: signalPeakAmplitude * pow(10, station.levelDB / 20))
        let speed = min(max(station.speedWPM, 5), 60)
        let timing = Timing(characterSpeedWPM: speed)
        var traffic = QRMTraffic(style: station.traffic, using: &generator)
        let fs = Double(sampleRate)
        var start = Int(3 * generator.nextUnit() * fs)
        var transmissions: [Transmission] = []
        while start < lengthSamples {
            guard let text = try? MorseText(parsing: traffic.nextTransmission(using: &generator)) else { break }
            let samples = synthesizer.render(Timeline(text: text, timing: timing, leadInSeconds: 0, tailSeconds: 0))
            transmissions.append(Transmission(startSample: start, samples: samples))
            start += samples.count + Int((1.5 + 3.5 * generator.nextUnit()) * fs)
        }
        return transmissions
    }

    /// Results written by the workers, one slot each.
    private final class Rendered: @unchecked Sendable {
        private var slots: [[Transmission]]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: [], count: count) }

        func store(_ index: Int, _ transmissions: [Transmission]) {
            lock.lock()
            slots[index] = transmissions
            lock.unlock()
        }

        var all: [[Transmission]] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
