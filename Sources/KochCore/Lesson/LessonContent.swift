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
    /// One whole contact to answer (`koch lesson --kind qso --respond`): the other station's
    /// overs as `plan` lays them out, with pauses for the learner's, which are timed for
    /// `learnerSpeedWPM`; `style` is the QSO template's name.
    case contact(QSORespondPlan, style: String, contact: QSOContact, learnerSpeedWPM: Double)
}
