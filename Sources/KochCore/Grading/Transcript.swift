/// What the learner copied, cleaned of everything that is not copy: case,
/// line breaks, runs of spaces, group numbers and sheet times written
/// before a group or at the start of a line (`1.`, `12)`, `3:`, `0:20`).
///
/// Each group is the marks between two spaces. Signs for "not copied"
/// (`?`, `_`, `*`, `-`) are read as gaps unless the lesson's character set
/// contains them (the full course sends `?`); then they are characters
/// like any other.
public struct Transcript: Sendable, Hashable {
    public static let notCopiedSigns: Set<Character> = ["?", "_", "*", "-"]

    public let groups: [[TranscriptMark]]

    public init(groups: [[TranscriptMark]]) {
        self.groups = groups
    }

    /// Reads `text` for a lesson whose characters are `characterSet`
    /// (upper case, as in the answer key).
    public init(text: String, characterSet: Set<Character>) {
        var groups: [[TranscriptMark]] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            let copy = Self.droppingNumber(Substring(word), characterSet: characterSet)
            guard !copy.isEmpty else { continue }
            groups.append(copy.map { character in
                let upper = Character(character.uppercased())
                if Self.notCopiedSigns.contains(upper), !characterSet.contains(upper) { return .notCopied }
                return .character(String(upper))
            })
        }
        self.groups = groups
    }

    public var markCount: Int { groups.reduce(0) { $0 + $1.count } }

    /// The word without a group number (`12.`, `12)`, `12:`, or a bare `12`)
    /// or sheet time (`1:05`) in front, as learners write them at the start
    /// of a line or before each group. A number is kept when every sign of
    /// it could be copy (`5.` in the full course): write `12)` there.
    static func droppingNumber(_ word: Substring, characterSet: Set<Character>) -> Substring {
        let digits = word.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty else { return word }
        var rest = word.dropFirst(digits.count)
        var number = String(digits)
        if let separator = rest.first, separator == "." || separator == ")" || separator == ":" {
            rest = rest.dropFirst()
            number.append(separator)
            let seconds = rest.prefix(while: { $0.isASCII && $0.isNumber })
            if separator == ":", seconds.count == 2 {
                rest = rest.dropFirst(2)
            }
        } else if !rest.isEmpty {
            return word  // digits run into copy: not a number
        }
        let couldBeCopy = number.allSatisfy { characterSet.contains($0) }
        return couldBeCopy ? word : rest
    }
}
