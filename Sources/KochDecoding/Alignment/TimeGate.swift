import Foundation

/// Keeps chosen stretches of a recording and silences the rest, with short raised-cosine
/// edges so that the cut makes no click that could read as a mark.
public enum TimeGate {
    /// The length of each edge.
    public static let edgeSeconds = 0.01

    /// `samples` (at `sampleRate`) with everything outside `kept` (seconds) made silent.
    public static func keeping(_ kept: [ClosedRange<Double>], of samples: [Float], sampleRate: Int) -> [Float] {
        var gains = [Float](repeating: 0, count: samples.count)
        let rate = Double(sampleRate)
        let edge = max(1, Int(edgeSeconds * rate))
        for stretch in kept {
            let first = max(0, Int((stretch.lowerBound * rate).rounded()))
            let last = min(samples.count, Int((stretch.upperBound * rate).rounded()))
            guard first < last else { continue }
            for index in first..<last {
                let fromStart = index - first
                let toEnd = last - 1 - index
                let distance = min(fromStart, toEnd)
                let gain = distance >= edge ? 1 : Float(0.5 - 0.5 * cos(Double.pi * Double(distance) / Double(edge)))
                gains[index] = max(gains[index], gain)
            }
        }
        return zip(samples, gains).map { $0 * $1 }
    }
}
