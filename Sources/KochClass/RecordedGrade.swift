import KochCore
import KochIO

/// A lesson's grade and what recording it in the learner's progress file did.
public struct RecordedGrade: Sendable {
    public let grade: LessonGrade
    /// The learner's progress without and with the session.
    public let outcome: GradeOutcome
    /// Nothing was to be written: the session only checked against the progress file.
    public let dryRun: Bool
    /// Why the progress file could not be written; reported after the score, which stands.
    public let writeFailure: FileError?
    /// For a dry run, what recording the session would meet (`SessionRecording.checkCountsOnce`:
    /// a lesson graded before, without `replace`); nil when it would be recorded.
    public let dryRunRefusal: SessionRecording.Refusal?

    public init(
        grade: LessonGrade, outcome: GradeOutcome, dryRun: Bool, writeFailure: FileError?, dryRunRefusal: SessionRecording.Refusal? = nil
    ) {
        self.grade = grade
        self.outcome = outcome
        self.dryRun = dryRun
        self.writeFailure = writeFailure
        self.dryRunRefusal = dryRunRefusal
    }

    /// Whether the session is in the progress file now.
    public var recorded: Bool { !dryRun && writeFailure == nil }

    /// The day the grade is given on, for the schedule's words (`today`, `in 2 days`).
    public var today: CalendarDay { grade.session.gradedAt.day }

    /// For a dry run of a lesson graded before, in place of what the session does to the level:
    /// where the learner stands with the earlier result, that this grade would not be recorded
    /// (a lesson counts once) unless it replaces that result, and what replacing it would make of
    /// the level. Nil otherwise.
    public var dryRunOfGradedLesson: [String]? {
        guard dryRun, let lines = outcome.replacementExplanation, let standing = lines.first else { return nil }
        let replacing = lines.dropFirst().joined(separator: " ")
        guard case .alreadyGraded? = dryRunRefusal else { return [standing, replacing] }
        return [
            standing,
            "It is recorded already, so this grade would not be recorded: a lesson counts once. \(replacing)",
        ]
    }
}

extension LessonGrade {
    /// Records the session in the progress file by the rule every grader shares (`SessionRecording`),
    /// or for a dry run checks that it could be; throws `SessionRecording.Refusal` when it may not be.
    public func record(in store: any ProgressRecords, replace: Bool, dryRun: Bool) throws -> RecordedGrade {
        let (outcome, writeFailure) = try SessionRecording.outcome(of: session, in: store, replace: replace, dryRun: dryRun)
        var refusal: SessionRecording.Refusal?
        if dryRun {
            do { try SessionRecording.checkCountsOnce(earlier: outcome.replaced, replace: replace) } catch { refusal = error }
        }
        return RecordedGrade(grade: self, outcome: outcome, dryRun: dryRun, writeFailure: writeFailure, dryRunRefusal: refusal)
    }
}
