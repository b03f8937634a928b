import Foundation
import KochCore
import KochIO

extension PostgresClassStore {
    /// An advisory lock of PostgreSQL's for the learner, held by a transaction on a connection of
    /// its own (not the pool's, which `work` uses) while the lessons are made: every server on the
    /// database waits for it, and PostgreSQL lets it go when the transaction ends, whatever ends it
    /// (within this server, a lock of the process's first, so that waiting requests hold no connection).
    public func withLessonMaking<Result>(for learnerID: Int64, _ work: () throws -> Result) throws -> Result {
        try LearnerLocks.shared.withLock(learnerID) {
            let connection = try PostgresConnection(url: pool.url)
            try connection.execute("BEGIN")
            try connection.execute(
                "SELECT pg_advisory_xact_lock($1::int4, $2::int4)",
                [.integer(Int64(PostgresSchema.lessonMakingLock)), .integer(Int64(Int32(truncatingIfNeeded: learnerID)))])
            let result = try work()
            try connection.execute("COMMIT")
            return result
        }
    }

    public func insert(_ lesson: LessonRow) throws {
        let key = try AnswerKeyFile.encode(lesson.key)
        try pool.withConnection { connection in
            try connection.execute(
                """
                INSERT INTO lesson (id, learnerID, direction, level, spoken, title, key, audioFile, audioBytes, durationSeconds, createdAt)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                """,
                [
                    .text(lesson.id.text), .integer(lesson.learnerID), .text(lesson.direction.rawValue), .integer(Int64(lesson.level)),
                    .bool(lesson.spoken), .text(lesson.title), .text(key), .text(lesson.audioFile), .integer(Int64(lesson.audioBytes)),
                    .double(lesson.durationSeconds), .double(lesson.createdAt.timeIntervalSince1970),
                ])
        }
        AnswerKeyCache.shared.store(lesson.key, id: lesson.id.text)
    }

    public func lesson(_ id: LessonID, of learner: LearnerRow) throws -> LessonRow? {
        try pool.withConnection { connection in
            try connection.execute("SELECT * FROM lesson WHERE id = $1 AND learnerID = $2", [.text(id.text), .integer(learner.id)])
                .first.map(LessonRow.init(postgres:))
        }
    }

    public func ungradedLessons(of learner: LearnerRow, direction: Direction, level: Int, spoken: Bool) throws -> [LessonRow] {
        try pool.withConnection { connection in
            try connection.execute(
                """
                SELECT * FROM lesson WHERE learnerID = $1 AND direction = $2 AND level = $3 AND spoken = $4
                AND id NOT IN (SELECT lessonID FROM submission) ORDER BY createdAt, seq
                """,
                [.integer(learner.id), .text(direction.rawValue), .integer(Int64(level)), .bool(spoken)]
            ).map(LessonRow.init(postgres:))
        }
    }

    public func lessons(of learnerID: Int64) throws -> [LessonRow] {
        try pool.withConnection { connection in
            try connection.execute("SELECT * FROM lesson WHERE learnerID = $1 ORDER BY createdAt, seq", [.integer(learnerID)])
                .map(LessonRow.init(postgres:))
        }
    }

    // Submissions

    public func submission(of lesson: LessonID) throws -> SubmissionRow? {
        try pool.withConnection { connection in
            try connection.execute("SELECT * FROM submission WHERE lessonID = $1", [.text(lesson.text)]).first.map(SubmissionRow.init(postgres:))
        }
    }

    public func submissions(of learnerID: Int64) throws -> [SubmissionRow] {
        try pool.withConnection { connection in
            try connection.execute("SELECT * FROM submission WHERE learnerID = $1 ORDER BY receivedAt, seq", [.integer(learnerID)])
                .map(SubmissionRow.init(postgres:))
        }
    }

    /// One transaction with the learner's row locked: a submission of theirs recorded by another
    /// server at the same moment waits for this one, then reads the progress it wrote.
    public func recordSubmission<Value: Sendable>(
        of lesson: LessonRow, learner: LearnerRow, kind: String, receivedAt: Date,
        record: @Sendable (LearnerProgress) throws -> SubmissionRecording<Value>
    ) throws -> SubmissionRecording<Value> {
        try pool.transaction { connection in
            let progress = try Self.progress(connection, learner: learner, locking: true)
            if let earlier = try connection.execute("SELECT accuracy FROM submission WHERE lessonID = $1", [.text(lesson.id.text)]).first {
                throw ServerRefusal.alreadyGraded(accuracyPercent: try earlier.double("accuracy"))
            }
            let recording = try record(progress)
            try connection.execute(
                "UPDATE learner SET progress = $1 WHERE id = $2",
                [.text(try ClassDatabase.storedText(recording.progress)), .integer(learner.id)])
            try connection.execute(
                "INSERT INTO submission (lessonID, learnerID, kind, report, accuracy, receivedAt) VALUES ($1, $2, $3, $4, $5, $6)",
                [
                    .text(lesson.id.text), .integer(learner.id), .text(kind), .text(recording.report), .double(recording.accuracyPercent),
                    .double(receivedAt.timeIntervalSince1970),
                ])
            return recording
        }
    }

    // The teacher and the server

    public func teacherPasswordHash() throws -> String? {
        try pool.withConnection { connection in
            try connection.execute("SELECT passwordHash FROM teacher WHERE id = 1").first?.optionalText("passwordHash")
        }
    }

    public func setTeacherPasswordHash(_ hash: String) throws {
        try pool.transaction { connection in
            try connection.execute(
                "INSERT INTO teacher (id, passwordHash) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET passwordHash = excluded.passwordHash",
                [.text(hash)])
            try connection.execute("DELETE FROM teacherSession")
        }
    }

    public func openTeacherSession(now: Date, lifetimeSeconds: Double) throws -> TeacherSession {
        let session = TeacherSession(token: AccessToken(), csrf: AccessToken().text)
        try pool.transaction { connection in
            try connection.execute("DELETE FROM teacherSession WHERE expiresAt < $1", [.double(now.timeIntervalSince1970)])
            try connection.execute(
                "INSERT INTO teacherSession (digest, csrf, expiresAt) VALUES ($1, $2, $3)",
                [.text(session.token.digest), .text(session.csrf), .double(now.timeIntervalSince1970 + lifetimeSeconds)])
        }
        return session
    }

    public func teacherSession(_ token: AccessToken, now: Date) throws -> TeacherSession? {
        try pool.withConnection { connection in
            guard let row = try connection.execute("SELECT csrf, expiresAt FROM teacherSession WHERE digest = $1", [.text(token.digest)]).first,
                try row.date("expiresAt") > now
            else { return nil }
            return TeacherSession(token: token, csrf: try row.text("csrf"))
        }
    }

    public func closeTeacherSession(_ token: AccessToken) throws {
        try pool.withConnection { connection in
            try connection.execute("DELETE FROM teacherSession WHERE digest = $1", [.text(token.digest)])
        }
    }

    /// Made once: two servers asking at once both get the one the first kept.
    public func secret(named name: String) throws -> String {
        try pool.withConnection { connection in
            try connection.execute(
                "INSERT INTO setting (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [.text(name), .text(AccessToken().text)])
            guard let value = try connection.execute("SELECT value FROM setting WHERE name = $1", [.text(name)]).first?.optionalText("value")
            else { throw ServerRefusal.unknown }
            return value
        }
    }

    public func setting(named name: String) throws -> String? {
        try pool.withConnection { connection in
            try connection.execute("SELECT value FROM setting WHERE name = $1", [.text(name)]).first?.optionalText("value")
        }
    }

    public func setSetting(named name: String, to value: String) throws {
        try pool.withConnection { connection in
            try connection.execute(
                "INSERT INTO setting (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                [.text(name), .text(value)])
        }
    }
}
