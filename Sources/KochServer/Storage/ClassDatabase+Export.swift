import Foundation
import GRDB

extension ClassDatabase {
    /// The class as one document, read in one transaction (a server running meanwhile changes
    /// nothing in it). Moments are SQLite's, to the millisecond.
    public func exported() throws -> ClassExport {
        try pool.read { db in
            let learners = try Row.fetchAll(db, sql: "SELECT * FROM learner ORDER BY id").map { row in
                ClassExport.Learner(
                    id: row["id"], name: row["name"], linkToken: row["linkToken"], feedToken: row["feedToken"], progress: row["progress"],
                    spokenFeed: row["spokenFeed"], createdAt: Self.seconds(row["createdAt"]))
            }
            let lessons = try Row.fetchAll(db, sql: "SELECT * FROM lesson ORDER BY createdAt, rowid").map { row in
                ClassExport.Lesson(
                    id: row["id"], learnerID: row["learnerID"], direction: row["direction"], level: row["level"], spoken: row["spoken"],
                    title: row["title"], key: row["key"], audioFile: row["audioFile"], audioBytes: row["audioBytes"],
                    durationSeconds: row["durationSeconds"], createdAt: Self.seconds(row["createdAt"]))
            }
            let submissions = try Row.fetchAll(db, sql: "SELECT * FROM submission ORDER BY receivedAt, rowid").map { row in
                ClassExport.Submission(
                    lessonID: row["lessonID"], learnerID: row["learnerID"], kind: row["kind"], report: row["report"], accuracy: row["accuracy"],
                    receivedAt: Self.seconds(row["receivedAt"]))
            }
            let settings = try Row.fetchAll(db, sql: "SELECT name, value FROM setting").map {
                (name: $0["name"] as String, value: $0["value"] as String)
            }
            return ClassExport(
                learners: learners, lessons: lessons, submissions: submissions,
                teacherPasswordHash: try String.fetchOne(db, sql: "SELECT passwordHash FROM teacher WHERE id = 1"),
                settings: Dictionary(settings, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Writes the class in one transaction, each row in the document's order; refused unless the
    /// database holds no class yet.
    public func importClass(_ export: ClassExport) throws {
        // Whoever made the value: no row the store could not have made goes in (an audio path out of the folder).
        try export.check(path: "the class to import")
        try pool.write { db in
            try ClassExportError.checkEmpty(
                location: path, learners: try Int64.fetchOne(db, sql: "SELECT count(*) FROM learner") ?? 0,
                lessons: try Int64.fetchOne(db, sql: "SELECT count(*) FROM lesson") ?? 0,
                hasTeacher: (try Int64.fetchOne(db, sql: "SELECT count(*) FROM teacher") ?? 0) > 0)
            for learner in export.learners {
                let (link, feed) = (AccessToken(stored: learner.linkToken), AccessToken(stored: learner.feedToken))
                try db.execute(
                    sql: """
                        INSERT INTO learner (id, name, linkToken, linkDigest, feedToken, feedDigest, progress, spokenFeed, createdAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        learner.id, learner.name, link.text, link.digest, feed.text, feed.digest, learner.progress, learner.spokenFeed,
                        Self.date(learner.createdAt),
                    ])
            }
            for lesson in export.lessons {
                try db.execute(
                    sql: """
                        INSERT INTO lesson (id, learnerID, direction, level, spoken, title, key, audioFile, audioBytes, durationSeconds, createdAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        lesson.id, lesson.learnerID, lesson.direction, lesson.level, lesson.spoken, lesson.title, lesson.key, lesson.audioFile,
                        lesson.audioBytes, lesson.durationSeconds, Self.date(lesson.createdAt),
                    ])
            }
            for submission in export.submissions {
                try db.execute(
                    sql: "INSERT INTO submission (lessonID, learnerID, kind, report, accuracy, receivedAt) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [
                        submission.lessonID, submission.learnerID, submission.kind, submission.report, submission.accuracy,
                        Self.date(submission.receivedAt),
                    ])
            }
            if let hash = export.teacherPasswordHash {
                try db.execute(sql: "INSERT INTO teacher (id, passwordHash) VALUES (1, ?)", arguments: [hash])
            }
            try db.execute(sql: "DELETE FROM teacherSession")
            for (name, value) in export.settings.sorted(by: { $0.key < $1.key }) {
                try db.execute(
                    sql: "INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                    arguments: [name, value])
            }
        }
    }

    /// A moment as SQLite keeps it (GRDB's text, to the millisecond), in seconds since 1970: the
    /// double nearest to its milliseconds, as the document says it and PostgreSQL keeps it, whichever
    /// double the calendar's arithmetic made of GRDB's text.
    static func seconds(_ date: Date) -> Double {
        (date.timeIntervalSince1970 * 1000).rounded() / 1000
    }

    /// A moment of the document, to be kept to the millisecond: given GRDB to the nearest one (a
    /// moment kept in PostgreSQL to the microsecond loses the rest here), so that a class moved back
    /// and forth between the stores keeps the same moments.
    static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
    }
}
