/// Where a lesson's words come from, besides its settings: what the edge
/// has read or rendered (word lists, QSO templates, a text).
public enum LessonContent: Sendable {
    /// Random groups (or callsigns) drawn from the settings' characters.
    case generated
    /// Words drawn from this word list (every entry, any case).
    case wordList([String])
    /// These words, as they are (a rendered QSO, a part of a text).
    case fixed([[Symbol]])
}
