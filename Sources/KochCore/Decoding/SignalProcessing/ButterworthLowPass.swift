import Foundation

/// A Butterworth low-pass filter of even order, as a cascade of biquads.
///
/// Magnitude response |H(f)| = 1 / √(1 + (f/fc)^(2n)) (before the bilinear
/// warping, which only sharpens it near Nyquist): −3 dB at the cutoff and
/// 6·n dB per octave above it. Group delay at 0 Hz is about
/// n / (2π·fc) · 0.65 seconds for the orders used here (4 and 6).
public struct ButterworthLowPass: Sendable {
    public let cutoffHz: Double
    public let order: Int
    private var sections: [Biquad]

    /// `order` is rounded up to an even number, at least 2.
    public init(cutoffHz: Double, order: Int, sampleRate: Double) {
        let pairs = max(1, (order + 1) / 2)
        self.cutoffHz = cutoffHz
        self.order = pairs * 2
        let n = Double(pairs * 2)
        sections = (0..<pairs).map { k in
            // Pole pair k of an n-th order Butterworth: Q = 1 / (2 sin((2k+1)π / 2n)).
            let q = 1 / (2 * sin((2 * Double(k) + 1) * Double.pi / (2 * n)))
            return Biquad.lowPass(cutoffHz: cutoffHz, qualityFactor: q, sampleRate: sampleRate)
        }
    }

    @inline(__always)
    public mutating func process(_ x: Double) -> Double {
        var y = x
        for index in sections.indices { y = sections[index].process(y) }
        return y
    }

    /// Filters samples in place, one after another, each section over all of them in turn:
    /// the same values as `process(_:)` of each sample.
    public mutating func process(_ samples: UnsafeMutableBufferPointer<Double>) {
        for index in sections.indices { sections[index].process(samples) }
    }

    public func magnitude(atHz frequencyHz: Double, sampleRate: Double) -> Double {
        sections.reduce(1) { $0 * $1.magnitude(atHz: frequencyHz, sampleRate: sampleRate) }
    }
}
