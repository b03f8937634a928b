/// What a lesson is made of.
public enum LessonKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Random groups of 2 to 5 of the unlocked characters (the Koch method's start).
    case groups
    /// Words from word lists, made only of the unlocked characters.
    case words
    /// Realistic amateur callsigns (need digits).
    case callsigns
    /// Whole contacts (QSOs) from the templates in `templates/qso/`.
    case qso
    /// A plain text, read as lessons.
    case text

    /// Whether the content is drawn from the unlocked characters of a level
    /// (and so opens with the newest one), rather than given as text.
    public var usesLevel: Bool {
        switch self {
        case .groups, .words, .callsigns: true
        case .qso, .text: false
        }
    }
}
