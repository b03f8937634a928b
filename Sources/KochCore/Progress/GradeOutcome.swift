/// What grading one lesson did to the learner's progress.
public struct GradeOutcome: Sendable, Hashable {
    public let session: GradedSession
    /// The learner without and with the session.
    public let learnerBefore: LearnerState
    public let learnerAfter: LearnerState
    /// The session of the same lesson that this one replaced, if any.
    public let replaced: GradedSession?
    /// The learner as the progress stood when graded: with `replaced`, for a lesson graded before.
    public let learnerRecorded: LearnerState
    /// What the session did to the level, and why.
    public let levelDecision: LevelDecision
    /// The learner's self-scored lessons with the session.
    public let selfScoredAfter: SelfScoredSummary

    /// Replays `progress` without and with `session`.
    public init(progress: LearnerProgress, session: GradedSession) {
        let without = progress.with(sessions: progress.sessions.filter { $0.lessonID != session.lessonID })
        self.session = session
        learnerBefore = LearnerState(progress: without)
        let recorded = progress.recording(session)
        learnerAfter = LearnerState(progress: recorded)
        selfScoredAfter = SelfScoredSummary(progress: recorded)
        replaced = progress.session(lessonID: session.lessonID)
        learnerRecorded = replaced == nil ? learnerBefore : LearnerState(progress: progress)
        // Judged as the replay judges it: against the direction as it stood when the lesson was done
        // (a lesson graded late, with --date, comes before sessions done after it).
        let earlier = without.with(sessions: without.sessions.filter { $0.date < session.date })
        levelDecision = LearnerState(progress: earlier)[session.direction].levelDecision(for: session)
    }

    /// The session's direction without and with it.
    public var before: DirectionProgress { learnerBefore[session.direction] }
    public var after: DirectionProgress { learnerAfter[session.direction] }

    public var leveledUp: Bool { after.level > before.level }

    /// What moves the receive level, when self-scored lessons are the learner's latest practice
    /// with the session (`SelfScoredSummary.advice(nextCharacter:)`, as `koch status` says it); nil otherwise.
    public var selfScoredAdvice: String? {
        let receive = learnerAfter.receive
        return selfScoredAfter.advice(nextCharacter: receive.course.next(afterLevel: receive.level)?.text)
    }

    /// The review to announce: after a level-up, the one just scheduled for the new level;
    /// else the earliest due.
    public var announcedReview: LevelReview? {
        leveledUp ? after.pendingReviews.first { $0.level == after.level } : after.pendingReviews.first
    }
}
