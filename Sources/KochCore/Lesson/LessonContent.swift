/// Where a lesson's words come from, besides its settings: what the edge
/// has read or rendered (word lists, QSO templates, a text).
public enum LessonContent: Sendable {
    /// Random groups (or callsigns) drawn from the settings' characters.
    case generated
    /// Words drawn from this word list (every entry, any case).
    case wordList([String])
    /// These words, as they are (a part of a text).
    case fixed([[Symbol]])
    /// These words, as they are, in lines (a rendered QSO): sent as one text,
    /// and a spoken lesson answers a line at a time.
    case lines([[[Symbol]]])
}
