/// What grading one lesson did to the learner's progress in its direction.
public struct GradeOutcome: Sendable, Hashable {
    public let session: GradedSession
    public let before: DirectionProgress
    public let after: DirectionProgress
    /// The session of the same lesson that this one replaced, if any.
    public let replaced: GradedSession?

    /// Replays `progress` without and with `session`.
    public init(progress: LearnerProgress, session: GradedSession) {
        let without = LearnerProgress(sessions: progress.sessions.filter { $0.lessonID != session.lessonID })
        self.session = session
        before = DirectionProgress(progress: without, direction: session.direction)
        after = DirectionProgress(progress: progress.recording(session), direction: session.direction)
        replaced = progress.session(lessonID: session.lessonID)
    }

    public var leveledUp: Bool { after.level > before.level }

    /// The review to announce: after a level-up, the one just scheduled for the new level;
    /// else the earliest due.
    public var announcedReview: LevelReview? {
        leveledUp ? after.pendingReviews.first { $0.level == after.level } : after.pendingReviews.first
    }
}
