import KochCore

/// A recording of a contact graded, as one object (`koch grade --json`): the learner's half's
/// grade as any keying's, where the lesson was found in the recording, and each over read.
public struct QSORecordingReport: Encodable {
    public struct Over: Encodable {
        public let script: String
        public let read: String
        public let wrong: [Value]
    }

    public struct Value: Encodable {
        public let field: String
        public let value: String
        public let sent: String?
    }

    public let grade: LessonReport
    /// The recording's second at which the lesson's 0:00 falls.
    public let lessonFoundAtSeconds: Double
    /// Recording seconds per lesson second.
    public let clockRate: Double
    public let learnerToneHz: Double?
    public let overs: [Over]

    public init(_ graded: QSORecordingGrade, recorded: RecordedGrade, progressFile: String) {
        grade = LessonReport(recorded, progressFile: progressFile)
        lessonFoundAtSeconds = (graded.reading.alignment.offsetSeconds * 1000).rounded() / 1000
        clockRate = (graded.reading.alignment.rate * 100_000).rounded() / 100_000
        learnerToneHz = graded.reading.learnerToneHz.map { $0.rounded() }
        overs = graded.contact.readings.map { reading in
            Over(
                script: reading.over.script, read: reading.readText,
                wrong: reading.wrongChecks.map { Value(field: $0.field.key, value: $0.field.value, sent: $0.sent) })
        }
    }
}
