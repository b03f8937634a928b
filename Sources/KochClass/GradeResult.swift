/// A return graded by `Grader`, with what recording it did.
public enum GradeResult: Sendable {
    /// A lesson's return: a copy, a keying, a count heard.
    case lesson(RecordedGrade)
    /// Both halves of a contact answered (or its overs alone).
    case contact(RecordedQSOGrade)

    /// Whether what was graded is in the progress file now.
    public var recorded: Bool {
        switch self {
        case let .lesson(grade): grade.recorded
        case let .contact(grade): grade.recorded
        }
    }
}
