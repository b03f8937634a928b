import Foundation
import KochCore

/// Pink (1/f) noise by the Voss-McCartney algorithm: the sum of a white
/// row, changed every sample, and R rows of which row k is redrawn every
/// 2^(k+1) samples (when the sample counter has k trailing zeros), so one
/// row changes per sample. Each held row is white noise low-passed at about
/// fs / 2^(k+1); their sum falls at 3 dB per octave (equal power in every
/// octave) from fs / 2^(R+1) up to about fs / 4, within ±0.3 dB per
/// octave. R is chosen from the sample rate so that this lowest octave
/// starts between 50 and 100 Hz; below it the spectrum is flat, so the
/// noise has no sub-audio rumble to eat headroom.
///
/// (R. F. Voss and J. Clarke, "1/f noise in music", J. Acoust. Soc. Am.
/// 63, 1978; the trailing-zeros schedule is J. McCartney's, described by
/// P. Burk, "Generation of Pink (1/f) Noise", 1999.)
///
/// Rows hold integers, so the running sum never drifts; one 64-bit draw of
/// the seeded generator gives both the white value and the new row value.
struct PinkNoise {
    let rows: Int
    private var generator: SeededGenerator
    private var values: [Int32]
    private var sum: Int32 = 0
    private var counter: UInt32 = 0

    /// Each row's values are uniform integers in [−2^26, 2^26): at most
    /// 32 rows keep the sum inside Int32.
    static let rowAmplitude = Double(1 << 26)
    static let rowVariance = rowAmplitude * rowAmplitude / 3

    init(sampleRate: Int, seed: UInt64) {
        rows = Self.rows(sampleRate: sampleRate)
        generator = SeededGenerator(seed: seed)
        values = []
        for _ in 0..<rows {
            let value = Int32(truncatingIfNeeded: generator.next() >> 32) >> 5
            values.append(value)
            sum &+= value
        }
    }

    /// The number of held rows for a sample rate: 8 at 44.1 kHz, 7 at 16 kHz, 6 at 8 kHz.
    static func rows(sampleRate: Int) -> Int {
        let octaves = log2(Double(max(sampleRate, 400)) / 100).rounded(.up)
        return min(20, max(1, Int(octaves) - 1))
    }

    /// Adds `gain` times the next samples of noise to `buffer`.
    mutating func add(into buffer: UnsafeMutableBufferPointer<Float>, gain: Float) {
        let rows = rows
        var sum = sum
        var counter = counter
        var generator = generator
        values.withUnsafeMutableBufferPointer { values in
            for n in 0..<buffer.count {
                let random = generator.next()
                counter &+= 1
                let row = counter.trailingZeroBitCount
                if row < rows {
                    let value = Int32(truncatingIfNeeded: random) >> 5
                    sum &+= value &- values[row]
                    values[row] = value
                }
                let white = Int32(truncatingIfNeeded: random >> 32) >> 5
                buffer[n] += Float(sum &+ white) * gain
            }
        }
        self.sum = sum
        self.counter = counter
        self.generator = generator
    }

    /// The expected power of the noise (before `gain`) between two
    /// frequencies, from its spectrum: a row held for L samples has the
    /// power spectrum σ²·sin²(πfL/fs) / (L·sin²(πf/fs)), and the white row σ².
    /// `weight(f)` multiplies the spectrum (a filter's power gain at f Hz).
    static func bandPower(fromHz lowHz: Double, toHz highHz: Double, sampleRate: Int, weight: (Double) -> Double = { _ in 1 }) -> Double {
        let rows = rows(sampleRate: sampleRate)
        let fs = Double(sampleRate)
        let low = max(lowHz, 1) / fs
        let high = min(highHz, fs / 2 - 1) / fs
        guard high > low else { return 0 }
        func density(_ x: Double) -> Double {
            let s = sin(Double.pi * x)
            var total = 1.0
            for k in 0..<rows {
                let length = Double(1 << (k + 1))
                let t = sin(Double.pi * x * length)
                total += t * t / (length * s * s)
            }
            return total * weight(x * fs)
        }
        // Simpson's rule; the band holds a few ripples of the slowest row at most.
        let intervals = 1024
        let step = (high - low) / Double(intervals)
        var integral = density(low) + density(high)
        for i in 1..<intervals {
            integral += density(low + Double(i) * step) * (i % 2 == 1 ? 4 : 2)
        }
        integral *= step / 3
        // Both halves of the two-sided spectrum.
        return 2 * rowVariance * integral
    }
}
