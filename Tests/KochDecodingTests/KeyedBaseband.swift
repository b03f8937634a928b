import Foundation
import KochTestSupport

@testable import KochCore

/// Keying as the decoder's front end leaves it: the tone's complex amplitude at `rate` samples
/// a second, `amplitude` while the key is down and 0 while it is up, in one phase from mark to
/// mark (an oscillator that runs on), with white noise of `noiseDeviation` in each component.
/// A sample an edge falls in holds the share of it the key was down. Mark `index` turns at
/// `offsetHz(index)` from the tone's pitch (0: at the pitch).
enum KeyedBaseband {
    static func make(
        _ intervals: [(Double, Double)], durationSeconds: Double, rate: Double = 500, amplitude: Double = 0.25,
        phaseRadians: Double = 0.3, noiseDeviation: Double = 0, offsetHz: (Int) -> Double = { _ in 0 }, seed: UInt64 = 1
    ) -> (real: [Float], imaginary: [Float]) {
        let count = Int(durationSeconds * rate)
        var real = [Float](repeating: 0, count: count), imaginary = real
        for (index, (start, end)) in intervals.enumerated() {
            let first = max(0, Int(start * rate)), last = min(count - 1, Int(end * rate))
            guard first <= last else { continue }
            for sample in first...last {
                let from = Double(sample) / rate, to = Double(sample + 1) / rate
                let share = max(0, min(to, end) - max(from, start)) * rate
                let phase = phaseRadians + 2 * Double.pi * offsetHz(index) * (from - start)
                real[sample] += Float(amplitude * share * cos(phase))
                imaginary[sample] += Float(amplitude * share * sin(phase))
            }
        }
        if noiseDeviation > 0 {
            var random = SeededGenerator(seed: seed)
            for sample in 0..<count {
                real[sample] += Float(noiseDeviation * DecodingSignals.gaussian(&random))
                imaginary[sample] += Float(noiseDeviation * DecodingSignals.gaussian(&random))
            }
        }
        return (real, imaginary)
    }
}
