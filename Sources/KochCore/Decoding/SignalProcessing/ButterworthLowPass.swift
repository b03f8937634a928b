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

    /// Filters `input` and appends every `factor`-th output to `output`, the
    /// first after `phase` samples have passed since the last one kept;
    /// returns the phase to carry to the next call. Each sample goes through
    /// the same sections in the same order as `process(_:)`, with the
    /// sections of a 6th-order filter held in registers for the loop.
    public mutating func process(_ input: [Float], keepingEvery factor: Int, phase: Int, into output: inout [Float]) -> Int {
        var phase = phase
        guard sections.count == 3 else {
            for x in input {
                let y = process(Double(x))
                phase += 1
                if phase == factor {
                    phase = 0
                    output.append(Float(y))
                }
            }
            return phase
        }
        var (first, second, third) = (sections[0], sections[1], sections[2])
        for x in input {
            let y = third.process(second.process(first.process(Double(x))))
            phase += 1
            if phase == factor {
                phase = 0
                output.append(Float(y))
            }
        }
        sections = [first, second, third]
        return phase
    }

    public func magnitude(atHz frequencyHz: Double, sampleRate: Double) -> Double {
        sections.reduce(1) { $0 * $1.magnitude(atHz: frequencyHz, sampleRate: sampleRate) }
    }
}
