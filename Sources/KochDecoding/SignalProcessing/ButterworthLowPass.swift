import Foundation
import KochCore
import KochSound

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

    /// Filters two signals of the same length in place: `first` through this filter and `second`
    /// through `other`, which has the same sections. The values are those of `process(_:)` of
    /// each. Of order 4 (two sections), the four sections run side by side, each in its own
    /// lane (a section waits on its last output, so four at once take little longer than one):
    /// the second filters the first's output of the sample before. Other orders are filtered
    /// one signal after the other.
    public mutating func process(
        _ first: UnsafeMutableBufferPointer<Double>, alongside second: UnsafeMutableBufferPointer<Double>,
        filteredBy other: inout ButterworthLowPass
    ) {
        precondition(first.count == second.count && sections.count == other.sections.count, "filters or signals that differ")
        guard sections.count == 2, let a = first.baseAddress, let b = second.baseAddress else {
            process(first)
            other.process(second)
            return
        }
        let count = first.count
        guard count > 0 else { return }
        let (s0, s1) = (sections[0], sections[1])
        // Lanes: first through section 0, second through section 0, first and second through section 1.
        let b0 = SIMD4(s0.b0, s0.b0, s1.b0, s1.b0), b1 = SIMD4(s0.b1, s0.b1, s1.b1, s1.b1), b2 = SIMD4(s0.b2, s0.b2, s1.b2, s1.b2)
        let a1 = SIMD4(s0.a1, s0.a1, s1.a1, s1.a1), a2 = SIMD4(s0.a2, s0.a2, s1.a2, s1.a2)
        var z1 = SIMD4(sections[0].state.z1, other.sections[0].state.z1, sections[1].state.z1, other.sections[1].state.z1)
        var z2 = SIMD4(sections[0].state.z2, other.sections[0].state.z2, sections[1].state.z2, other.sections[1].state.z2)
        @inline(__always) func step(_ x: SIMD4<Double>) -> SIMD4<Double> {
            let y = b0 * x + z1
            z1 = b1 * x - a1 * y + z2
            z2 = b2 * x - a2 * y
            return y
        }
        // The first sample through section 0 alone (section 1's lanes keep their state).
        var (keptZ1, keptZ2) = (z1, z2)
        var y = step(SIMD4(a[0], b[0], 0, 0))
        z1 = SIMD4(z1[0], z1[1], keptZ1[2], keptZ1[3])
        z2 = SIMD4(z2[0], z2[1], keptZ2[2], keptZ2[3])
        for index in 1..<count {
            y = step(SIMD4(a[index], b[index], y[0], y[1]))
            a[index - 1] = y[2]
            b[index - 1] = y[3]
        }
        // The last sample through section 1 alone.
        (keptZ1, keptZ2) = (z1, z2)
        y = step(SIMD4(0, 0, y[0], y[1]))
        a[count - 1] = y[2]
        b[count - 1] = y[3]
        z1 = SIMD4(keptZ1[0], keptZ1[1], z1[2], z1[3])
        z2 = SIMD4(keptZ2[0], keptZ2[1], z2[2], z2[3])
        sections[0].state = (z1[0], z2[0])
        other.sections[0].state = (z1[1], z2[1])
        sections[1].state = (z1[2], z2[2])
        other.sections[1].state = (z1[3], z2[3])
    }

    public func magnitude(atHz frequencyHz: Double, sampleRate: Double) -> Double {
        sections.reduce(1) { $0 * $1.magnitude(atHz: frequencyHz, sampleRate: sampleRate) }
    }
}
