import Foundation

/// Static crashes: short bursts of noise that decay within a few
/// milliseconds, at random instants (a Poisson process: exponential gaps
/// between crashes) and random levels.
struct Crackle {
    private var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// Adds crashes to `buffer` at `perSecond` on average, the loudest
    /// peaking at `peakAmplitude`; each is drawn 0 to 12 dB below that.
    mutating func add(into buffer: UnsafeMutableBufferPointer<Float>, sampleRate: Int, perSecond: Double, peakAmplitude: Double) {
        guard perSecond > 0, peakAmplitude > 0 else { return }
        let fs = Double(sampleRate)
        var position = nextGap(perSecond: perSecond, sampleRate: fs)
        while position < Double(buffer.count) {
            let start = Int(position)
            let lengthSamples = max(4, Int(fs * (0.001 + 0.004 * generator.nextUnit())))
            let amplitude = peakAmplitude * pow(10, -12 * generator.nextUnit() / 20)
            // Falls to e^-5 (−43 dB) over the crash.
            let decay = exp(-5 / Double(lengthSamples))
            var envelope = amplitude
            for n in start..<min(buffer.count, start + lengthSamples) {
                let white = Double(Int32(truncatingIfNeeded: generator.next() >> 32)) * 0x1.0p-31
                buffer[n] += Float(envelope * white)
                envelope *= decay
            }
            position += nextGap(perSecond: perSecond, sampleRate: fs)
        }
    }

    private mutating func nextGap(perSecond: Double, sampleRate: Double) -> Double {
        -log(1 - generator.nextUnit()) / perSecond * sampleRate
    }
}
