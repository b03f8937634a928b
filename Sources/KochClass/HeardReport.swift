import KochCore

/// A spoken lesson scored by the learner (`LessonReturn.heard`) as one object: what `koch grade --heard --json` prints.
public struct HeardReport: Codable, Sendable, Hashable {
    public let lessonID: String
    /// Always `spoken`.
    public let kind: SessionKind
    /// Always true: the count is the learner's own.
    public let selfScored: Bool
    /// The items counted: those before the stop, for a lesson stopped early.
    public let items: Int
    /// Where the lesson was stopped (`--stopped-at`), in seconds; absent for a whole lesson.
    public let stoppedAtSeconds: Double?
    public let heard: Int
    /// Heard over items, 0 to 1, to 3 decimals.
    public let accuracy: Double
    /// The level in the lesson's direction, which a spoken lesson never moves.
    public let level: Int
    public let streakDays: Int
    /// The next practice day; absent when none is due.
    public let nextDue: String?
    /// What moves the receive level, when self-scored lessons are the latest practice
    /// (`GradeOutcome.selfScoredAdvice`, as `koch status` gives it); absent otherwise.
    public let advice: String?
    public let recorded: Bool
    public let progressFile: String

    public init(_ recorded: RecordedGrade, progressFile: String) {
        let outcome = recorded.outcome
        let session = outcome.session
        lessonID = session.lessonID
        kind = session.kind
        selfScored = session.kind.isSelfScored
        items = session.sent
        stoppedAtSeconds = session.stoppedAtSeconds
        heard = session.correct
        accuracy = (session.accuracy * 1000).rounded() / 1000
        level = outcome.after.level
        streakDays = outcome.learnerAfter.streakDays(asOf: recorded.today)
        nextDue = outcome.after.nextDueDay?.description
        advice = outcome.selfScoredAdvice
        self.recorded = recorded.recorded
        self.progressFile = progressFile
    }
}
