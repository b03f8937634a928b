import Foundation
import GRDB
import KochCore
import KochIO

/// A return graded and recorded: the lesson it is of (one per lesson), what it was, its grade as
/// `koch grade --json` gives it.
public struct SubmissionRow: Sendable {
    public let lessonID: LessonID
    public let learnerID: Int64
    /// `copy`, `recording` or `heard`.
    public let kind: String
    /// The grade, as `koch grade --json` prints it.
    public let report: String
    public let accuracyPercent: Double
    public let receivedAt: Date

    init(row: Row) {
        lessonID = LessonID(stored: row["lessonID"])
        learnerID = row["learnerID"]
        kind = row["kind"]
        report = row["report"]
        accuracyPercent = row["accuracy"]
        receivedAt = row["receivedAt"]
    }
}

extension ClassDatabase {
    /// The submission graded for the lesson, or nil.
    public func submission(of lesson: LessonID) throws -> SubmissionRow? {
        try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM submission WHERE lessonID = ?", arguments: [lesson.text]).map(SubmissionRow.init)
        }
    }

    /// The learner's submissions, oldest first.
    public func submissions(of learnerID: Int64) throws -> [SubmissionRow] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM submission WHERE learnerID = ? ORDER BY receivedAt, rowid", arguments: [learnerID])
                .map(SubmissionRow.init)
        }
    }

    /// Records a submission in one transaction: reads the learner's progress as it is now, lets
    /// `record` make the progress with the grade, then writes it with the submission's row. A lesson
    /// graded before is refused (`alreadyGraded`), and `record` throwing writes nothing.
    public func recordSubmission<Value: Sendable>(
        of lesson: LessonRow, learner: LearnerRow, kind: String, receivedAt: Date,
        record: @Sendable (LearnerProgress) throws -> SubmissionRecording<Value>
    ) throws -> SubmissionRecording<Value> {
        try pool.write { db in
            if let earlier = try Double.fetchOne(db, sql: "SELECT accuracy FROM submission WHERE lessonID = ?", arguments: [lesson.id.text]) {
                throw ServerRefusal.alreadyGraded(accuracyPercent: earlier)
            }
            let recording = try record(try Self.progress(db, learner: learner))
            try db.execute(
                sql: "UPDATE learner SET progress = ? WHERE id = ?", arguments: [try ClassDatabase.storedText(recording.progress), learner.id])
            try db.execute(
                sql: "INSERT INTO submission (lessonID, learnerID, kind, report, accuracy, receivedAt) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [lesson.id.text, learner.id, kind, recording.report, recording.accuracyPercent, receivedAt])
            return recording
        }
    }
}
