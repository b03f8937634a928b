import Foundation

/// A second-order IIR filter section (transposed direct form II).
///
/// `lowPass(cutoffHz:qualityFactor:sampleRate:)` is the bilinear-transform
/// low-pass of R. Bristow-Johnson's Audio EQ Cookbook: its magnitude response
/// is 1 at 0 Hz, 1/√2·Q at the cutoff (−3 dB for Q = 1/√2), and falls 12 dB
/// per octave above it, reaching exactly zero at the Nyquist frequency.
/// Sections with the Q values of `ButterworthLowPass` make a maximally
/// flat Butterworth filter of any even order.
public struct Biquad: Sendable {
    public let b0: Double, b1: Double, b2: Double, a1: Double, a2: Double
    @usableFromInline var z1 = 0.0
    @usableFromInline var z2 = 0.0

    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    public static func lowPass(cutoffHz: Double, qualityFactor: Double, sampleRate: Double) -> Biquad {
        let omega = 2 * Double.pi * cutoffHz / sampleRate
        let alpha = sin(omega) / (2 * qualityFactor)
        let cosine = cos(omega)
        let a0 = 1 + alpha
        return Biquad(
            b0: (1 - cosine) / 2 / a0, b1: (1 - cosine) / a0, b2: (1 - cosine) / 2 / a0,
            a1: -2 * cosine / a0, a2: (1 - alpha) / a0)
    }

    /// The cookbook's high-pass: 0 at 0 Hz, 1/√2·Q at the cutoff, 1 at the Nyquist frequency.
    public static func highPass(cutoffHz: Double, qualityFactor: Double, sampleRate: Double) -> Biquad {
        let omega = 2 * Double.pi * cutoffHz / sampleRate
        let alpha = sin(omega) / (2 * qualityFactor)
        let cosine = cos(omega)
        let a0 = 1 + alpha
        return Biquad(
            b0: (1 + cosine) / 2 / a0, b1: -(1 + cosine) / a0, b2: (1 + cosine) / 2 / a0,
            a1: -2 * cosine / a0, a2: (1 - alpha) / a0)
    }

    /// Filters one sample (inlinable: the decoder runs it sample by sample from another module).
    @inlinable @inline(__always)
    public mutating func process(_ x: Double) -> Double {
        let y = b0 * x + z1
        z1 = b1 * x - a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }

    /// Filters samples in place, one after another: the same values as `process(_:)` of each.
    public mutating func process(_ samples: UnsafeMutableBufferPointer<Double>) {
        var (z1, z2) = (self.z1, self.z2)
        let (b0, b1, b2, a1, a2) = (self.b0, self.b1, self.b2, self.a1, self.a2)
        for index in samples.indices {
            let x = samples[index]
            let y = b0 * x + z1
            z1 = b1 * x - a1 * y + z2
            z2 = b2 * x - a2 * y
            samples[index] = y
        }
        (self.z1, self.z2) = (z1, z2)
    }

    /// The section's state, for filters that run several sections side by side (`ButterworthLowPass`).
    package var state: (z1: Double, z2: Double) {
        get { (z1, z2) }
        set { (z1, z2) = newValue }
    }

    /// The magnitude of the response at a frequency, from the coefficients.
    public func magnitude(atHz frequencyHz: Double, sampleRate: Double) -> Double {
        let w = 2 * Double.pi * frequencyHz / sampleRate
        // H(e^{jw}) = (b0 + b1 e^{-jw} + b2 e^{-2jw}) / (1 + a1 e^{-jw} + a2 e^{-2jw})
        let nr = b0 + b1 * cos(w) + b2 * cos(2 * w), ni = -(b1 * sin(w) + b2 * sin(2 * w))
        let dr = 1 + a1 * cos(w) + a2 * cos(2 * w), di = -(a1 * sin(w) + a2 * sin(2 * w))
        return ((nr * nr + ni * ni) / (dr * dr + di * di)).squareRoot()
    }
}
