import KochCore
import KochIO

/// A lesson's grade and what recording it in the learner's progress file did.
public struct RecordedGrade {
    public let grade: LessonGrade
    /// The learner's progress without and with the session.
    public let outcome: GradeOutcome
    /// Nothing was to be written: the session only checked against the progress file.
    public let dryRun: Bool
    /// Why the progress file could not be written; reported after the score, which stands.
    public let writeFailure: FileError?

    public init(grade: LessonGrade, outcome: GradeOutcome, dryRun: Bool, writeFailure: FileError?) {
        self.grade = grade
        self.outcome = outcome
        self.dryRun = dryRun
        self.writeFailure = writeFailure
    }

    /// Whether the session is in the progress file now.
    public var recorded: Bool { !dryRun && writeFailure == nil }

    /// The day the grade is given on, for the schedule's words (`today`, `in 2 days`).
    public var today: CalendarDay { grade.session.gradedAt.day }
}

extension LessonGrade {
    /// Records the session in the progress file by the rule every grader shares (`SessionRecording`),
    /// or for a dry run checks that it could be; throws `SessionRecording.Refusal` when it may not be.
    public func record(in store: ProgressStore, replace: Bool, dryRun: Bool) throws -> RecordedGrade {
        let (outcome, writeFailure) = try SessionRecording.outcome(of: session, in: store, replace: replace, dryRun: dryRun)
        return RecordedGrade(grade: self, outcome: outcome, dryRun: dryRun, writeFailure: writeFailure)
    }
}
