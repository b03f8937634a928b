import Foundation
import KochCore

/// Chosen stretches of a recording joined into one shorter recording, a second of the
/// recording's own quiet between them, so that what sounds in them is decoded together (the
/// decoder learns the sender's speed across all of them) and nothing else is.
///
/// The quiet between them is the stretches' own quietest frames, drawn at random: digital
/// silence there (or noise of another colour) would teach the decoder a noise floor the
/// stretches do not have, and it would read their noise as marks.
public struct StretchSplice: Sendable {
    /// The joined samples.
    public let samples: [Float]
    public let sampleRate: Int
    /// Where each stretch begins in `samples`, in seconds, and how long it is.
    public let pieces: [(startSeconds: Double, durationSeconds: Double)]

    /// The quiet between two stretches: longer than any word gap.
    public static let gapSeconds = 1.0
    /// The share of the stretches' 10 ms frames the quiet is made of: the quietest.
    static let quietShare = 0.1

    /// Joins the `stretches` (seconds of `samples`, at `sampleRate`) in order.
    public init(_ stretches: [ClosedRange<Double>], of samples: [Float], sampleRate: Int) {
        let rate = Double(sampleRate)
        let ranges = stretches.map { stretch in
            let first = min(samples.count, max(0, Int((stretch.lowerBound * rate).rounded())))
            return first..<min(samples.count, max(first, Int((stretch.upperBound * rate).rounded())))
        }
        let quietFrames = Self.quietFrames(ranges.map { samples[$0] }, frameLength: max(1, sampleRate / 100))
        var random = SeededGenerator(seed: 1)
        func quiet(_ count: Int) -> [Float] {
            var made: [Float] = []
            while made.count < count, !quietFrames.isEmpty {
                made += quietFrames[Int(random.nextUnit() * Double(quietFrames.count)) % quietFrames.count]
            }
            return made.count >= count ? Array(made.prefix(count)) : [Float](repeating: 0, count: count)
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

    /// The quietest 10 ms frames of `stretches` (`quietShare` of them): the room's own noise,
    /// as loud and of the same colour as where nothing is keyed.
    static func quietFrames(_ stretches: [ArraySlice<Float>], frameLength: Int) -> [ArraySlice<Float>] {
        var frames: [(level: Float, frame: ArraySlice<Float>)] = []
        for stretch in stretches {
            var start = stretch.startIndex
            while start + frameLength <= stretch.endIndex {
                let frame = stretch[start..<(start + frameLength)]
                frames.append((frame.reduce(0) { $0 + $1 * $1 }, frame))
                start += frameLength
            }
        }
        frames.sort { $0.level < $1.level }
        return frames.prefix(max(1, Int(Double(frames.count) * quietShare))).map(\.frame)
    }
}
