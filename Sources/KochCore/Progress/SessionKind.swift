/// What a graded lesson was, as recorded in the progress file. Only a level
/// lesson (groups of the course's characters at a level, receive or send)
/// moves the level and the practice schedule; every other kind counts for
/// the per-character statistics and the streak, and is kept as what it was.
public enum SessionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Random groups of a level's characters: the Koch method's lesson.
    case groups
    /// Groups of characters the learner chose (`koch lesson --chars`), or of the pairs they
    /// confuse (`koch lesson --drill confusions`).
    case drill
    case words
    case callsigns
    case qso
    case text
    /// A spoken lesson scored by the learner (`koch grade --heard N`): how many
    /// items they got right by their own reckoning. It counts for the streak,
    /// the schedule and the history, never for the statistics or the level;
    /// `sent` and `correct` count items, not characters.
    case spoken
    /// Recorded by format version 1, which kept only that the lesson was not
    /// a level's (a drill, a QSO or a text) and not which.
    case other

    /// The kind of the lesson an answer key describes.
    public init(key: AnswerKey) {
        switch key.settings.kind {
        case .groups: self = key.settings.customCharacters == nil && key.settings.drill == nil ? .groups : .drill
        case .words: self = .words
        case .callsigns: self = .callsigns
        case .qso: self = .qso
        case .text: self = .text
        }
    }

    /// Whether a session of this kind may move the level and the schedule.
    public var isLevelLesson: Bool { self == .groups }

    /// Whether the learner scored it themselves (it has no character statistics).
    public var isSelfScored: Bool { self == .spoken }

    /// Whether a session of this kind moves the practice schedule.
    public var movesSchedule: Bool { isLevelLesson || isSelfScored }

    /// "a QSO lesson", for the grade's text.
    public var lessonName: String {
        switch self {
        case .groups: "a level lesson"
        case .drill: "a drill"
        case .words: "a words lesson"
        case .callsigns: "a callsigns lesson"
        case .qso: "a QSO lesson"
        case .text: "a text lesson"
        case .spoken: "a spoken lesson you scored yourself"
        case .other: "a lesson that was not a level's"
        }
    }
}
