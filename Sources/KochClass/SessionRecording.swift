import KochCore
import KochIO

/// How a graded session goes into a learner's progress: the one rule that `koch grade` and a
/// class's grading share. A lesson counts once (grading it again is refused unless it replaces
/// the earlier result), and a level lesson must follow the course the learner's level lessons follow.
public enum SessionRecording {
    /// Why a session is not recorded.
    public enum Refusal: Error, Sendable, Hashable {
        /// The lesson was graded before, and `replace` was not asked for.
        case alreadyGraded(earlier: GradedSession)
        /// A level lesson of another course than the learner's level lessons in its direction.
        case otherCourse(KochCourse)
    }

    /// The progress with `session` recorded, and what that did; throws a `Refusal` when it may not be.
    public static func recording(_ session: GradedSession, into progress: LearnerProgress, replace: Bool) throws(Refusal)
        -> (progress: LearnerProgress, outcome: GradeOutcome)
    {
        try checkCountsOnce(earlier: progress.session(lessonID: session.lessonID), replace: replace)
        try check(session, against: progress)
        return (progress.recording(session), GradeOutcome(progress: progress, session: session))
    }

    /// A lesson counts once: graded before (`earlier`), it is refused unless it is to replace that result.
    public static func checkCountsOnce(earlier: GradedSession?, replace: Bool) throws(Refusal) {
        if let earlier, !replace { throw .alreadyGraded(earlier: earlier) }
    }

    /// Refuses a level lesson of another course than the learner's level lessons follow (`LearnerProgress.otherCourse`).
    public static func check(_ session: GradedSession, against progress: LearnerProgress) throws(Refusal) {
        if let other = progress.otherCourse(than: session) { throw .otherCourse(other) }
    }

    /// Records `session` in the progress file under its lock, atomically: nothing is written when it is refused.
    public static func record(_ session: GradedSession, in store: any ProgressRecords, replace: Bool) throws -> GradeOutcome {
        try store.update { recorded in
            let (next, outcome) = try recording(session, into: recorded, replace: replace)
            return (next, outcome)
        }
    }

    /// What grading `session` gives: recorded in the progress file (or, for a dry run, checked
    /// and not written). A progress file that cannot be written still gives the outcome, from
    /// the file as it is, with the failure to report after it, so that the learner sees their
    /// score first; if the file cannot be read either, the failure alone is thrown.
    public static func outcome(of session: GradedSession, in store: any ProgressRecords, replace: Bool, dryRun: Bool) throws
        -> (outcome: GradeOutcome, writeFailure: FileError?)
    {
        if dryRun {
            let recorded = try store.read()
            try check(session, against: recorded)
            return (GradeOutcome(progress: recorded, session: session), nil)
        }
        do {
            return (try record(session, in: store, replace: replace), nil)
        } catch let failure as FileError where failure.isWriteFailure {
            guard let recorded = try? store.read() else { throw failure }
            return (GradeOutcome(progress: recorded, session: session), failure)
        }
    }
}
