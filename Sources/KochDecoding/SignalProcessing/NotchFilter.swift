import Foundation

/// A second-order notch: takes one pitch out of a recording and leaves the rest, a few times
/// its bandwidth away, as it was (Steiglitz, "A Digital Signal Processing Primer", 1996, §6.5:
/// zeros on the unit circle at the pitch, poles just inside them).
public struct NotchFilter: Sendable {
    private let cosine: Double
    private let radius: Double

    /// A notch at `frequencyHz`, `bandwidthHz` wide at −3 dB, for samples at `sampleRate`.
    public init(frequencyHz: Double, bandwidthHz: Double, sampleRate: Int) {
        cosine = cos(2 * Double.pi * frequencyHz / Double(sampleRate))
        radius = max(0, 1 - Double.pi * bandwidthHz / Double(sampleRate))
    }

    /// `samples` filtered, from rest.
    public func filtered(_ samples: [Float]) -> [Float] {
        var output = [Float](repeating: 0, count: samples.count)
        var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
        // The gain far from the notch is 1: the numerator's and the denominator's at 0 Hz match.
        let gain = (1 + radius * radius - 2 * radius * cosine) / (2 - 2 * cosine)
        for (index, sample) in samples.enumerated() {
            let x = Double(sample)
            let y = gain * (x - 2 * cosine * x1 + x2) + 2 * radius * cosine * y1 - radius * radius * y2
            (x2, x1, y2, y1) = (x1, x, y1, y)
            output[index] = Float(y)
        }
        return output
    }
}
