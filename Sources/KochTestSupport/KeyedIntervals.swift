import Foundation
import KochSound

/// Measures key-down intervals, sample by sample, in audio made by
/// `ToneSynthesizer`, whose oscillator runs as sin(ωn) from sample 0. The
/// envelope at sample n is then x[n] / (A·sin ωn) exactly; it is read only
/// where |sin ωn| ≥ 0.5, so that 16-bit rounding moves it by less than
/// 1/10000, and interpolated in between.
public enum KeyedIntervals {
    public struct Interval: Sendable {
        public var start: Double
        public var end: Double
    }

    /// Intervals where the envelope is above half of `amplitude`, with the
    /// crossings interpolated between samples.
    public static func measure(_ x: [Double], frequencyHz: Double, sampleRate: Int, amplitude: Double) -> [Interval] {
        let omega = 2 * Double.pi * frequencyHz / Double(sampleRate)
        var intervals: [Interval] = []
        var start: Double?
        var previous: (index: Int, level: Double)?
        for n in 0..<x.count {
            let carrier = sin(omega * Double(n))
            guard abs(carrier) >= 0.5 else { continue }
            let level = x[n] / (amplitude * carrier)
            if let (index, before) = previous, (before < 0.5) != (level < 0.5) {
                let crossing = Double(index) + (0.5 - before) / (level - before) * Double(n - index)
                if let begun = start {
                    intervals.append(Interval(start: begun, end: crossing))
                    start = nil
                } else {
                    start = crossing
                }
            }
            previous = (n, level)
        }
        return intervals
    }
}
