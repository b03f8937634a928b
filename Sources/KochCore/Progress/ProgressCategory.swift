/// The category a graded session is counted under in the progress report: a kind of practice as
/// the learner knows it, for following each apart over the weeks: the
/// lesson's kind (`SessionKind`), or `live` for practice done at the computer with `koch
/// practice`, whatever lesson it was.
///
/// A live session counts under `live` only, so each session is counted once. A self-scored
/// spoken lesson stays `spoken` even when done live: its figures count items heard right, not
/// characters, and are never added to characters.
public enum ProgressCategory: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case groups
    case drill
    case words
    case callsigns
    case qso
    case text
    case spoken
    case live
    case other

    /// The kind `session` is counted under.
    public init(session: GradedSession) {
        if session.live && !session.kind.isSelfScored {
            self = .live
            return
        }
        // Every lesson kind is a kind of practice of the same name (`PracticeByKindTests` checks each).
        self = ProgressCategory(rawValue: session.kind.rawValue) ?? .other
    }

    /// Whether the learner scored it themselves: its figures are items, not characters.
    public var isSelfScored: Bool { self == .spoken }

    /// "level lessons", for a table or a legend.
    public var name: String {
        switch self {
        case .groups: "level lessons"
        case .drill: "drills"
        case .words: "words"
        case .callsigns: "callsigns"
        case .qso: "QSOs"
        case .text: "texts"
        case .spoken: "spoken (self-scored)"
        case .live: "live"
        case .other: "other lessons"
        }
    }

    public static func < (lhs: ProgressCategory, rhs: ProgressCategory) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
