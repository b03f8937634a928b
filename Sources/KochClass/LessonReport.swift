import KochCore

/// A lesson's grade as one object, what `koch grade --json` prints: a copy's or a keying's
/// `GradeReport`, or a spoken lesson's count heard, `HeardReport`.
public enum LessonReport: Encodable {
    case copy(GradeReport)
    case heard(HeardReport)

    public init(_ recorded: RecordedGrade, progressFile: String) {
        let grade = recorded.grade
        if let copy = grade.copy {
            self = .copy(
                GradeReport(
                    score: copy.score, outcome: recorded.outcome, today: recorded.today, recorded: recorded.recorded, progressFile: progressFile,
                    keying: copy.keying, stop: grade.groupsInLesson.map { (grade.key.groups.count, $0) }))
        } else {
            self = .heard(HeardReport(recorded, progressFile: progressFile))
        }
    }

    /// The report with its recording's file named `name` (a server's upload is kept under a name of its own).
    public func namingRecording(_ name: String) -> LessonReport {
        guard case var .copy(report) = self, report.recording != nil else { return self }
        report.recording?.file = name
        return .copy(report)
    }

    /// The report's own object, with nothing around it.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .copy(report): try report.encode(to: encoder)
        case let .heard(report): try report.encode(to: encoder)
        }
    }
}
