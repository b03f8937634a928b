/// One thing the learner wrote where a character goes.
public enum TranscriptMark: Sendable, Hashable {
    /// A character they wrote, upper-cased (`K`, `5`).
    case character(String)
    /// A sign that they did not copy a character: `?`, `_`, `*` or `-`
    /// (unless the course sends that sign as a character).
    case notCopied
    /// Something that is no Morse character (an emoji, a letter of another
    /// script with no Latin look-alike): a wrong character, shown as `?`.
    case unreadable(String)

    /// How the mark is shown: the character; `_` for a not-copied sign, as for a character
    /// nothing was written for (both are a miss, and the full course sends `?`); `?` for
    /// what is no character.
    public var text: String {
        switch self {
        case let .character(text): return text
        case .notCopied: return "_"
        case .unreadable: return "?"
        }
    }
}
