import Foundation
import KochCore

/// Chosen stretches of a recording joined into one shorter recording, a second of the
/// recording's own quiet between them, so that what sounds in them is decoded together (the
/// decoder learns the sender's speed across all of them) and nothing else is.
///
/// The quiet between them is noise as loud as the stretches' quietest frames: digital silence
/// there would teach the decoder a noise floor the stretches do not have, and it would read
/// their noise as marks.
public struct StretchSplice: Sendable {
    /// The joined samples.
    public let samples: [Float]
    public let sampleRate: Int
    /// Where each stretch begins in `samples`, in seconds, and how long it is.
    public let pieces: [(startSeconds: Double, durationSeconds: Double)]

    /// The quiet between two stretches: longer than any word gap.
    public static let gapSeconds = 1.0
    /// The share of the stretches' 10 ms frames quieter than the level the quiet is made at.
    static let quietShare = 0.1

    /// Joins the `stretches` (seconds of `samples`, at `sampleRate`) in order.
    public init(_ stretches: [ClosedRange<Double>], of samples: [Float], sampleRate: Int) {
        let rate = Double(sampleRate)
        let ranges = stretches.map { stretch in
            let first = min(samples.count, max(0, Int((stretch.lowerBound * rate).rounded())))
            return first..<min(samples.count, max(first, Int((stretch.upperBound * rate).rounded())))
        }
        let level = Self.quietLevel(ranges.map { samples[$0] }, frameLength: max(1, sampleRate / 100))
        var random = SeededGenerator(seed: 1)
        func quiet(_ count: Int) -> [Float] {
            (0..<count).map { _ in
                let u = max(random.nextUnit(), 1e-12)
                let v = random.nextUnit()
                return Float(level * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v))
            }
        }
        let gap = Int(Self.gapSeconds * rate)
        var joined = quiet(gap)
        var pieces: [(startSeconds: Double, durationSeconds: Double)] = []
        for range in ranges {
            pieces.append((Double(joined.count) / rate, Double(range.count) / rate))
            joined += samples[range]
            joined += quiet(gap)
        }
        self.samples = joined
        self.sampleRate = sampleRate
        self.pieces = pieces
    }

    /// Which stretch a moment of the joined recording falls in, nil for the quiet between them.
    public func stretch(atSeconds seconds: Double) -> Int? {
        pieces.firstIndex { seconds >= $0.startSeconds && seconds <= $0.startSeconds + $0.durationSeconds }
    }

    /// The root-mean-square level of the quiet frames of `stretches`: `quietShare` of their 10 ms
    /// frames are quieter.
    static func quietLevel(_ stretches: [ArraySlice<Float>], frameLength: Int) -> Double {
        var levels: [Double] = []
        for stretch in stretches {
            var start = stretch.startIndex
            while start + frameLength <= stretch.endIndex {
                let power = stretch[start..<(start + frameLength)].reduce(0.0) { $0 + Double($1) * Double($1) }
                levels.append((power / Double(frameLength)).squareRoot())
                start += frameLength
            }
        }
        guard !levels.isEmpty else { return 0 }
        levels.sort()
        return levels[min(levels.count - 1, Int(Double(levels.count) * quietShare))]
    }
}
