import Foundation

extension PostgresClassStore {
    /// The class as one document, read in one repeatable-read transaction: one snapshot of the
    /// database, whatever the servers on it write meanwhile.
    public func exported() throws -> ClassExport {
        try pool.transaction { connection in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let learners = try connection.execute("SELECT * FROM learner ORDER BY id").map { row in
                ClassExport.Learner(
                    id: try row.integer("id"), name: try row.text("name"), linkToken: try row.text("linkToken"),
                    feedToken: try row.text("feedToken"), progress: try row.text("progress"), spokenFeed: try row.bool("spokenFeed"),
                    createdAt: try row.double("createdAt"))
            }
            let lessons = try connection.execute("SELECT * FROM lesson ORDER BY createdAt, seq").map { row in
                ClassExport.Lesson(
                    id: try row.text("id"), learnerID: try row.integer("learnerID"), direction: try row.text("direction"),
                    level: Int(try row.integer("level")), spoken: try row.bool("spoken"), title: try row.text("title"), key: try row.text("key"),
                    audioFile: try row.text("audioFile"), audioBytes: try row.integer("audioBytes"),
                    durationSeconds: try row.double("durationSeconds"), createdAt: try row.double("createdAt"))
            }
            let submissions = try connection.execute("SELECT * FROM submission ORDER BY receivedAt, seq").map { row in
                ClassExport.Submission(
                    lessonID: try row.text("lessonID"), learnerID: try row.integer("learnerID"), kind: try row.text("kind"),
                    report: try row.text("report"), accuracy: try row.double("accuracy"), receivedAt: try row.double("receivedAt"))
            }
            let settings = try connection.execute("SELECT name, value FROM setting").map { (try $0.text("name"), try $0.text("value")) }
            return ClassExport(
                learners: learners, lessons: lessons, submissions: submissions,
                teacherPasswordHash: try connection.execute("SELECT passwordHash FROM teacher WHERE id = 1").first?.optionalText("passwordHash"),
                settings: Dictionary(settings, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Writes the class in one transaction, the tables locked against other servers' writes
    /// meanwhile; refused unless the database holds no class yet. The learners keep their numbers,
    /// and the numbers' sequence goes on after the highest, so a learner added later gets a new one.
    public func importClass(_ export: ClassExport) throws {
        // Whoever made the value: no row the store could not have made goes in (an audio path out of the folder).
        try export.check(path: "the class to import")
        try pool.transaction { connection in
            try connection.execute("LOCK TABLE learner, lesson, submission, teacher, teacherSession, setting IN EXCLUSIVE MODE")
            let count = { (table: String) throws -> Int64 in try connection.execute("SELECT count(*) AS n FROM \(table)").first?.integer("n") ?? 0 }
            try ClassExportError.checkEmpty(
                location: location, learners: try count("learner"), lessons: try count("lesson"), hasTeacher: try count("teacher") > 0)
            for learner in export.learners {
                let (link, feed) = (AccessToken(stored: learner.linkToken), AccessToken(stored: learner.feedToken))
                try connection.execute(
                    """
                    INSERT INTO learner (id, name, linkToken, linkDigest, feedToken, feedDigest, progress, spokenFeed, createdAt)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                    """,
                    [
                        .integer(learner.id), .text(learner.name), .text(link.text), .text(link.digest), .text(feed.text), .text(feed.digest),
                        .text(learner.progress), .bool(learner.spokenFeed), .double(learner.createdAt),
                    ])
            }
            try connection.execute("SELECT setval(pg_get_serial_sequence('learner', 'id'), max(id)) FROM learner")
            for lesson in export.lessons {
                try connection.execute(
                    """
                    INSERT INTO lesson (id, learnerID, direction, level, spoken, title, key, audioFile, audioBytes, durationSeconds, createdAt)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                    """,
                    [
                        .text(lesson.id), .integer(lesson.learnerID), .text(lesson.direction), .integer(Int64(lesson.level)), .bool(lesson.spoken),
                        .text(lesson.title), .text(lesson.key), .text(lesson.audioFile), .integer(lesson.audioBytes),
                        .double(lesson.durationSeconds), .double(lesson.createdAt),
                    ])
            }
            for submission in export.submissions {
                try connection.execute(
                    "INSERT INTO submission (lessonID, learnerID, kind, report, accuracy, receivedAt) VALUES ($1, $2, $3, $4, $5, $6)",
                    [
                        .text(submission.lessonID), .integer(submission.learnerID), .text(submission.kind), .text(submission.report),
                        .double(submission.accuracy), .double(submission.receivedAt),
                    ])
            }
            if let hash = export.teacherPasswordHash {
                try connection.execute("INSERT INTO teacher (id, passwordHash) VALUES (1, $1)", [.text(hash)])
            }
            try connection.execute("DELETE FROM teacherSession")
            for (name, value) in export.settings.sorted(by: { $0.key < $1.key }) {
                try connection.execute(
                    "INSERT INTO setting (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                    [.text(name), .text(value)])
            }
        }
    }
}
