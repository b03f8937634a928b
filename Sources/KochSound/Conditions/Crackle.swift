import Foundation
import KochCore

/// Static crashes: short bursts of noise that decay within a few
/// milliseconds, at random instants (a Poisson process: exponential gaps
/// between crashes) and random levels. Drawn once for the whole length,
/// then rendered into any stretch of it, so that the band noise can be
/// made in blocks on several cores.
struct Crackle {
    struct Crash {
        let startSample: Int
        let lengthSamples: Int
        let amplitude: Double
        /// The seed of its own white noise.
        let seed: UInt64
    }

    let crashes: [Crash]
    private let longestSamples: Int

    /// Crashes over `lengthSamples` at `perSecond` on average, the loudest
    /// peaking at `peakAmplitude`; each is drawn 0 to 12 dB below that.
    init(lengthSamples: Int, sampleRate: Int, perSecond: Double, peakAmplitude: Double, seed: UInt64) {
        var crashes: [Crash] = []
        if perSecond > 0, peakAmplitude > 0 {
            var generator = SeededGenerator(seed: seed)
            let fs = Double(sampleRate)
            func gap() -> Double { -log(1 - generator.nextUnit()) / perSecond * fs }
            var position = gap()
            while position < Double(lengthSamples) {
                let length = max(4, Int(fs * (0.001 + 0.004 * generator.nextUnit())))
                let amplitude = peakAmplitude * pow(10, -12 * generator.nextUnit() / 20)
                crashes.append(Crash(startSample: Int(position), lengthSamples: length, amplitude: amplitude, seed: generator.next()))
                position += gap()
            }
        }
        self.crashes = crashes
        longestSamples = crashes.map(\.lengthSamples).max() ?? 0
    }

    /// Adds the crashes that fall in `buffer`, whose first sample is sample `offset` of the whole.
    func add(into buffer: UnsafeMutableBufferPointer<Float>, offset: Int) {
        let end = offset + buffer.count
        // The crashes are in order of their start: none that starts a crash's length before the stretch reaches into it.
        var index = crashes.partitioningIndex { $0.startSample + longestSamples > offset }
        while index < crashes.count, crashes[index].startSample < end {
            let crash = crashes[index]
            var generator = SeededGenerator(seed: crash.seed)
            // Falls to e^-5 (−43 dB) over the crash.
            let decay = exp(-5 / Double(crash.lengthSamples))
            var envelope = crash.amplitude
            for n in crash.startSample..<(crash.startSample + crash.lengthSamples) {
                let white = Double(Int32(truncatingIfNeeded: generator.next() >> 32)) * 0x1.0p-31
                if n >= offset, n < end { buffer[n - offset] += Float(envelope * white) }
                envelope *= decay
            }
            index += 1
        }
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate false then true along the array.
    fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
