import KochCore

/// A contact's grade as one object, what `koch grade --json` prints for a key with `qso`: each
/// half as a lesson's grade (`GradeReport`), and each of the learner's overs with its values.
public struct QSOReport: Encodable {
    /// One of the learner's overs: what the script has, what was read, and each value in it.
    public struct Over: Encodable {
        public struct Value: Encodable {
            /// The template key, `caller.call`, `answerer.rst`.
            public let key: String
            public let expected: String
            /// What was sent in its place; absent when nothing was.
            public let sent: String?
            public let right: Bool
        }

        /// From 1, among the learner's overs.
        public let number: Int
        public let startSeconds: Double
        public let endSeconds: Double
        /// The over as the learner's sheet shows it, a blank for each value heard.
        public let script: String
        public let expected: String
        public let read: String
        public let values: [Value]
    }

    public let lessonID: String
    public let style: String
    /// The learner's overs as sent (direction send).
    public let send: GradeReport
    /// The copy of the other station (direction receive); absent without one.
    public let receive: GradeReport?
    public let overs: [Over]
    /// For a log: characters keyed outside every pause, not graded.
    public let charactersOutside: Int?
    /// For a recording: its second at which the lesson's 0:00 falls, its seconds per lesson
    /// second, and the pitch the learner's keying was read at.
    public let lessonFoundAtSeconds: Double?
    public let clockRate: Double?
    public let learnerToneHz: Double?

    public init(_ recorded: RecordedQSOGrade, progressFile: String) {
        let grade = recorded.grade
        let today = grade.sent.gradedAt.day
        lessonID = grade.key.lessonID
        style = grade.key.qso?.style ?? ""
        send = GradeReport(
            score: grade.contact.sent, outcome: recorded.outcomes[0], today: today, recorded: recorded.recorded, progressFile: progressFile,
            keying: grade.keying?.recording)
        if let copy = grade.received?.copy, recorded.outcomes.count > 1 {
            receive = GradeReport(
                score: copy.score, outcome: recorded.outcomes[1], today: today, recorded: recorded.recorded, progressFile: progressFile)
        } else {
            receive = nil
        }
        let placed = grade.sendKey.qso?.learnerOvers ?? []
        overs = grade.contact.readings.enumerated().map { index, reading in
            Over(
                number: index + 1, startSeconds: placed[safe: index]?.startSeconds ?? 0, endSeconds: placed[safe: index]?.endSeconds ?? 0,
                script: reading.over.script, expected: reading.over.text, read: reading.readText,
                values: reading.checks.map { Over.Value(key: $0.field.key, expected: $0.field.value, sent: $0.sent, right: $0.isRight) })
        }
        charactersOutside = grade.keying?.charactersOutside
        lessonFoundAtSeconds = grade.recording.map { ($0.lessonFoundAtSeconds * 1000).rounded() / 1000 }
        clockRate = grade.recording.map { ($0.clockRate * 100_000).rounded() / 100_000 }
        learnerToneHz = grade.recording?.learnerToneHz.map { $0.rounded() }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
