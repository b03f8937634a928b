import Foundation
import KochCore
import KochSound
import Testing

@Suite struct PeakLimiterTests {
    static let sampleRateHz = 44_100

    /// A 440 Hz tone whose amplitude swells from `from` to `to` over one second.
    static func swelling(from: Double, to: Double) -> [Float] {
        (0..<sampleRateHz).map { n in
            let t = Double(n) / Double(sampleRateHz)
            return Float((from + (to - from) * t) * sin(2 * Double.pi * 440 * t))
        }
    }

    @Test func noSamplePassesTheCeiling() {
        let limiter = PeakLimiter(ceiling: 0.891, sampleRateHz: Self.sampleRateHz)
        var loud = Self.swelling(from: 0.2, to: 4)
        loud[1000] = 9  // a lone spike, which the look-ahead must see coming
        let limited = limiter.limited(loud)
        #expect(limited.count == loud.count)
        #expect(LargestMagnitude.of(limited) <= 0.891 + 1e-6)
        #expect(LargestMagnitude.of(limited) > 0.85)
    }

    @Test func aSoundWithinTheCeilingIsLeftAsItIs() {
        let quiet = Self.swelling(from: 0.1, to: 0.8)
        #expect(PeakLimiter(ceiling: 0.891, sampleRateHz: Self.sampleRateHz).limited(quiet) == quiet)
    }

    /// The gain falls over the look-ahead before a peak, not in one step: no click.
    @Test func theGainFallsSmoothlyBeforeAPeak() {
        let limiter = PeakLimiter(ceiling: 0.5, sampleRateHz: Self.sampleRateHz)
        var steps = [Float](repeating: 0.4, count: 20_000)
        for n in 2000..<2400 { steps[n] = 1 }
        let limited = limiter.limited(steps)
        let gains = zip(limited, steps).map { Double($0 / $1) }
        let largestStep = zip(gains.dropFirst(), gains).map { abs($0 - $1) }.max() ?? 0
        #expect(largestStep <= 0.5 / Double(limiter.lookAheadSamples) + 1e-6)
        #expect(gains[2000 - limiter.lookAheadSamples - 1] == 1)
        #expect(gains[2000] <= 0.5 + 1e-6)
        // It recovers over the release time after the peak.
        #expect(gains[2400 + limiter.releaseSamples] < 0.95)
        #expect(gains[19_999] > 0.95)
    }
}
