import Foundation
import KochCore

/// The gain that makes QSB: white noise at a control rate of 100 values a
/// second, low-passed by two one-pole filters in cascade (12 dB per octave
/// above `rateHz`, started five time constants early so the lesson does
/// not begin on the filter's rise), then mapped linearly in dB so that the
/// lesson's highest value is 0 dB and its lowest is −depth (log-normal
/// fading, a common model of slow ionospheric fading). Between control
/// points the linear gain is interpolated, so no sample needs a power.
struct FadingEnvelope {
    static let controlRateHz = 100.0

    /// The gain at each control point, 1 at most; the first at sample 0, one every `hopSamples`.
    let gains: [Float]
    let hopSamples: Int

    init(qsb: QSB, lengthSamples: Int, sampleRate: Int, seed: UInt64) {
        hopSamples = max(1, Int((Double(sampleRate) / Self.controlRateHz).rounded()))
        let count = lengthSamples / hopSamples + 2
        var generator = SeededGenerator(seed: seed)
        let rate = max(qsb.rateHz, 0.001)
        let coefficient = 1 - exp(-2 * Double.pi * rate / Self.controlRateHz)
        let warmUp = Int(5 * Self.controlRateHz / (2 * Double.pi * rate))
        var first = 0.0
        var second = 0.0
        var values: [Double] = []
        values.reserveCapacity(count)
        for index in 0..<(warmUp + count) {
            let white = generator.nextUnit() * 2 - 1
            first += coefficient * (white - first)
            second += coefficient * (first - second)
            if index >= warmUp { values.append(second) }
        }
        let highest = values.max() ?? 0
        let lowest = values.min() ?? 0
        let span = highest - lowest
        let depth = max(0, qsb.depthDB)
        gains = values.map { value in
            guard span > 0 else { return 1 }
            return Float(pow(10, -depth * (highest - value) / span / 20))
        }
    }

    /// Multiplies `block`, whose first sample is sample `startSample` of the
    /// recording, by the gain; each gain is computed from its control
    /// point, not accumulated, so the loop has no chain from one sample to
    /// the next and vectorises, and a block gets what the whole would.
    func apply(to block: UnsafeMutableBufferPointer<Float>, startSample: Int = 0) {
        let end = startSample + block.count
        var point = startSample / hopSamples
        while point * hopSamples < end, point + 1 < gains.count {
            let pointStart = point * hopSamples
            let first = gains[point]
            let step = (gains[point + 1] - first) / Float(hopSamples)
            for n in max(pointStart, startSample)..<min(end, pointStart + hopSamples) {
                block[n - startSample] *= first + step * Float(n - pointStart)
            }
            point += 1
        }
    }
}
