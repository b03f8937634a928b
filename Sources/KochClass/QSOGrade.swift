import KochCore
import KochIO

/// A contact graded (`QSOGrading`): both halves, and the sessions to record.
public struct QSOGrade: Sendable {
    /// The contact's whole key: its groups are the other station's words.
    public let key: AnswerKey
    /// Each of the learner's overs as read against the script, and both halves' scores.
    public let contact: QSOContactGrade
    /// The key of the learner's overs the send half was graded against.
    public let sendKey: AnswerKey
    /// The learner's overs as sent: a session of kind `qso`, in the send direction.
    public let sent: GradedSession
    /// The copy of the other station, graded as any lesson's copy; nil without one.
    public let received: LessonGrade?
    /// The log the overs were read from, when they were read from one.
    public var keying: QSOKeying?
    /// Where the lesson was found in the recording the overs were read from, when they were.
    public var recording: QSORecordingPlacement?

    public init(key: AnswerKey, contact: QSOContactGrade, sendKey: AnswerKey, sent: GradedSession, received: LessonGrade?) {
        self.key = key
        self.contact = contact
        self.sendKey = sendKey
        self.sent = sent
        self.received = received
    }

    /// The sessions to record: the send half, then the receive half if a copy was typed.
    public var sessions: [GradedSession] { [sent] + (received.map { [$0.session] } ?? []) }

    /// Records both halves in the progress file at once, by the rule every grader shares
    /// (`SessionRecording`), or for a dry run checks that they could be; throws
    /// `SessionRecording.Refusal` when either may not be, and then records neither.
    public func record(in store: any ProgressRecords, replace: Bool, dryRun: Bool) throws -> RecordedQSOGrade {
        let (outcomes, writeFailure) = try SessionRecording.outcomes(of: sessions, in: store, replace: replace, dryRun: dryRun)
        return RecordedQSOGrade(grade: self, outcomes: outcomes, dryRun: dryRun, writeFailure: writeFailure)
    }
}

/// A contact's grade and what recording it did.
public struct RecordedQSOGrade: Sendable {
    public let grade: QSOGrade
    /// What each session did, in the order of `grade.sessions`.
    public let outcomes: [GradeOutcome]
    public let dryRun: Bool
    /// Why the progress file could not be written; reported after the scores, which stand.
    public let writeFailure: FileError?

    /// Whether the sessions are in the progress file now.
    public var recorded: Bool { !dryRun && writeFailure == nil }
}
