import Foundation
import GRDB
import KochCore
import KochIO

/// A lesson made for a learner, as the database keeps it: made once, from its seed, and kept with
/// its answer key and audio, so the audio behind its URL never changes.
public struct LessonRow: Sendable {
    public let id: LessonID
    public let learnerID: Int64
    public let direction: Direction
    public let level: Int
    /// Whether the lesson ends each item with its answer spoken.
    public let spoken: Bool
    /// `Level 5 (K M R S U), receive`: the episode's and the page's title.
    public let title: String
    public let key: AnswerKey
    /// The MP3, relative to the data folder: a name the server made, never one a request gave.
    public let audioFile: String
    public let audioBytes: Int
    public let durationSeconds: Double
    public let createdAt: Date

    init(row: Row) throws {
        id = LessonID(stored: row["id"])
        learnerID = row["learnerID"]
        direction = Direction(rawValue: row["direction"]) ?? .receive
        level = row["level"]
        spoken = row["spoken"]
        title = row["title"]
        key = try AnswerKeyCache.shared.key(id: row["id"], json: row["key"])
        audioFile = row["audioFile"]
        audioBytes = row["audioBytes"]
        durationSeconds = row["durationSeconds"]
        createdAt = row["createdAt"]
    }

    public init(
        id: LessonID, learnerID: Int64, key: AnswerKey, title: String, audioFile: String, audioBytes: Int, createdAt: Date
    ) {
        self.id = id
        self.learnerID = learnerID
        self.direction = key.direction
        self.level = key.level
        self.spoken = key.isSpoken
        self.title = title
        self.key = key
        self.audioFile = audioFile
        self.audioBytes = audioBytes
        self.durationSeconds = key.durationSeconds
        self.createdAt = createdAt
    }
}

extension ClassDatabase {
    /// One server keeps its class in a SQLite file: a lock of the process's serves.
    public func withLessonMaking<Result>(for learnerID: Int64, _ work: () throws -> Result) throws -> Result {
        try LearnerLocks.shared.withLock(learnerID, work)
    }

    /// Keeps a lesson just made.
    public func insert(_ lesson: LessonRow) throws {
        let key = try AnswerKeyFile.encode(lesson.key)
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO lesson (id, learnerID, direction, level, spoken, title, key, audioFile, audioBytes, durationSeconds, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    lesson.id.text, lesson.learnerID, lesson.direction.rawValue, lesson.level, lesson.spoken, lesson.title, key,
                    lesson.audioFile, lesson.audioBytes, lesson.durationSeconds, lesson.createdAt,
                ])
        }
        AnswerKeyCache.shared.store(lesson.key, id: lesson.id.text)
    }

    /// The learner's lesson of that ID, or nil (another learner's lesson is nobody's to this one).
    public func lesson(_ id: LessonID, of learner: LearnerRow) throws -> LessonRow? {
        try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM lesson WHERE id = ? AND learnerID = ?", arguments: [id.text, learner.id])
                .map(LessonRow.init)
        }
    }

    /// The learner's lessons not graded yet in `direction` at `level`, oldest first.
    public func ungradedLessons(of learner: LearnerRow, direction: Direction, level: Int, spoken: Bool) throws -> [LessonRow] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM lesson WHERE learnerID = ? AND direction = ? AND level = ? AND spoken = ?
                    AND id NOT IN (SELECT lessonID FROM submission) ORDER BY createdAt, rowid
                    """,
                arguments: [learner.id, direction.rawValue, level, spoken]
            ).map(LessonRow.init)
        }
    }

    /// Every lesson made for the learner, oldest first.
    public func lessons(of learnerID: Int64) throws -> [LessonRow] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM lesson WHERE learnerID = ? ORDER BY createdAt, rowid", arguments: [learnerID])
                .map(LessonRow.init)
        }
    }
}
