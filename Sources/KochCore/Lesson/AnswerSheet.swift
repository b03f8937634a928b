/// The answer key laid out for a person: groups numbered, five to a line,
/// each line with the minute:second at which its first group starts.
public struct AnswerSheet: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        /// `m:ss` of the first group's start.
        public let time: String
        public let groups: [Entry]
    }

    public struct Entry: Sendable, Hashable {
        public let number: Int
        public let text: String
        /// `number. text`, padded so that the columns line up.
        public let cell: String
    }

    public let lines: [Line]

    public init(groups: [AnswerKey.Group], perLine: Int = 5) {
        let numberWidth = String(groups.count).count
        let textWidth = groups.map(\.text.count).max() ?? 0
        lines = stride(from: 0, to: groups.count, by: perLine).map { first in
            let slice = groups[first..<min(first + perLine, groups.count)]
            return Line(
                time: Self.minuteSecond(slice.first?.startSeconds ?? 0),
                groups: slice.map { group in
                    let number = String(group.number)
                    let cell =
                        String(repeating: " ", count: numberWidth - number.count) + number + ". "
                        + group.text + String(repeating: " ", count: textWidth - group.text.count)
                    return Entry(number: group.number, text: group.text, cell: cell)
                })
        }
    }

    /// `m:ss`, rounded down to the second.
    public static func minuteSecond(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let secondsPart = whole % 60
        return "\(whole / 60):\(secondsPart < 10 ? "0" : "")\(secondsPart)"
    }
}
