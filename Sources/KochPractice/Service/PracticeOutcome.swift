/// How a practice session ended that was not refused.
public enum PracticeOutcome: Sendable, Hashable {
    /// The session was graded and recorded.
    case recorded
    /// Nothing was keyed (a character drill), so nothing was graded or recorded.
    case nothingKeyed
    /// A second of the tone, at this frequency, was played.
    case toneTested(toneHz: Double)
}
