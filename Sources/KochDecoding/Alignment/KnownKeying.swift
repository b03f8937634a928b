/// A keying known in advance, to be found in a recording (`KeyingAlignment`): a lesson's own
/// station, whose every key-down the answer key gives. Only its `spans` are compared with the
/// recording: outside them another may key at the same pitch (a learner answering in the pauses).
public struct KnownKeying: Sendable, Hashable {
    /// Key-down stretches, in seconds of the lesson, in order.
    public let marks: [ClosedRange<Double>]
    /// The stretches where only this keying sounds (each of a station's overs, from its first
    /// key-down to its last key-up), in order.
    public let spans: [ClosedRange<Double>]

    public init(marks: [ClosedRange<Double>], spans: [ClosedRange<Double>]) {
        self.marks = marks.sorted { $0.lowerBound < $1.lowerBound }
        self.spans = spans.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// The silence around a span that is compared with it: where the keying starts and stops
    /// is as telling as the keying.
    public static let spanMarginSeconds = 0.1

    /// A span with its margin.
    static func compared(_ span: ClosedRange<Double>) -> ClosedRange<Double> {
        (span.lowerBound - spanMarginSeconds)...(span.upperBound + spanMarginSeconds)
    }

    /// The keying sampled at `times` (seconds of the lesson, ascending): 1 where the key is
    /// down, 0 where it is up; and whether each time lies in a span (the rest does not count).
    func sampled(at times: [Double]) -> (levels: [Double], counts: [Bool]) {
        var levels = [Double](repeating: 0, count: times.count)
        var counts = [Bool](repeating: false, count: times.count)
        var mark = 0
        var span = 0
        for (index, time) in times.enumerated() {
            while mark < marks.count, marks[mark].upperBound < time { mark += 1 }
            while span < spans.count, Self.compared(spans[span]).upperBound < time { span += 1 }
            if mark < marks.count, marks[mark].contains(time) { levels[index] = 1 }
            if span < spans.count, Self.compared(spans[span]).contains(time) { counts[index] = true }
        }
        return (levels, counts)
    }

    /// The end of the last span, in seconds of the lesson.
    var endSeconds: Double { spans.map(\.upperBound).max() ?? 0 }
}
