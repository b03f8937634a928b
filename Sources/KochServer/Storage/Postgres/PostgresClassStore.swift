import Foundation
import KochCore
import KochIO

/// The class kept in PostgreSQL (`ClassStore`), a database several servers share: a school's
/// servers behind one load balancer. The schema is brought up to date once, by whichever server
/// starts first (the others wait on an advisory lock, then find it done). A submission is recorded
/// with the learner's row locked (`SELECT … FOR UPDATE`): two servers grading one learner's returns
/// at once record them one after the other, each against the progress the other wrote.
public final class PostgresClassStore: ClassStore {
    let pool: PostgresPool
    /// The database's address without its password.
    public let location: String

    /// Connects to the database at `url` (`postgres://USER@HOST/DB`) and brings its schema up to date.
    public init(url: String) throws {
        pool = PostgresPool(url: url)
        location = Self.withoutPassword(url)
        try pool.withConnection { connection in try PostgresSchema.migrate(connection) }
    }

    /// The address as it may be printed: a password, before the host or as `?password=`, masked;
    /// an address that cannot be read is not printed at all.
    static func withoutPassword(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return "the database given with --database" }
        if parts.password != nil { parts.password = "…" }
        parts.queryItems = parts.queryItems?.map { $0.name.lowercased() == "password" ? URLQueryItem(name: $0.name, value: "…") : $0 }
        return parts.string ?? "the database given with --database"
    }

    // Learners

    @discardableResult
    public func addLearners(_ learners: [(name: String, progress: LearnerProgress)], now: Date) throws -> [LearnerRow] {
        let rows = try learners.map { (name: $0.name, progress: try ClassDatabase.storedText($0.progress)) }
        return try pool.transaction { connection in
            try rows.map { row in
                let (link, feed) = (AccessToken(), AccessToken())
                let inserted = try connection.execute(
                    """
                    INSERT INTO learner (name, linkToken, linkDigest, feedToken, feedDigest, progress, createdAt)
                    VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *
                    """,
                    [
                        .text(row.name), .text(link.text), .text(link.digest), .text(feed.text), .text(feed.digest), .text(row.progress),
                        .double(now.timeIntervalSince1970),
                    ])
                guard let first = inserted.first else { throw ServerRefusal.unknown }
                return try LearnerRow(postgres: first)
            }
        }
    }

    public func learner(digest: String, kind: LearnerTokenKind) throws -> LearnerRow? {
        let column = kind == .link ? "linkDigest" : "feedDigest"
        return try pool.withConnection { connection in
            try connection.execute("SELECT * FROM learner WHERE \(column) = $1", [.text(digest)]).first.map(LearnerRow.init(postgres:))
        }
    }

    public func learner(id: Int64) throws -> LearnerRow? {
        try pool.withConnection { connection in try Self.learner(connection, id: id) }
    }

    static func learner(_ connection: PostgresConnection, id: Int64) throws -> LearnerRow? {
        try connection.execute("SELECT * FROM learner WHERE id = $1", [.integer(id)]).first.map(LearnerRow.init(postgres:))
    }

    public func learners() throws -> [LearnerRow] {
        try pool.withConnection { connection in try connection.execute("SELECT * FROM learner ORDER BY id").map(LearnerRow.init(postgres:)) }
    }

    public func progress(of learner: LearnerRow) throws -> LearnerProgress {
        try pool.withConnection { connection in try Self.progress(connection, learner: learner, locking: false) }
    }

    /// The learner's progress as recorded; `locking`, with their row locked to the end of the transaction.
    static func progress(_ connection: PostgresConnection, learner: LearnerRow, locking: Bool) throws -> LearnerProgress {
        let rows = try connection.execute(
            "SELECT progress FROM learner WHERE id = $1" + (locking ? " FOR UPDATE" : ""), [.integer(learner.id)])
        guard let text = rows.first?.optionalText("progress") else { throw ServerRefusal.unknown }
        return try ProgressStore.decode(Array(text.utf8), path: learner.progressName)
    }

    public func updateProgress(of learner: LearnerRow, change: @Sendable (LearnerProgress) throws -> LearnerProgress) throws {
        try pool.transaction { connection in
            let next = try change(try Self.progress(connection, learner: learner, locking: true))
            try connection.execute(
                "UPDATE learner SET progress = $1 WHERE id = $2", [.text(try ClassDatabase.storedText(next)), .integer(learner.id)])
        }
    }

    public func setSpokenFeed(of learner: LearnerRow, _ spoken: Bool) throws {
        try pool.withConnection { connection in
            try connection.execute("UPDATE learner SET spokenFeed = $1 WHERE id = $2", [.bool(spoken), .integer(learner.id)])
        }
    }

    @discardableResult
    public func renewToken(of learnerID: Int64, kind: LearnerTokenKind) throws -> LearnerRow? {
        let token = AccessToken()
        return try pool.transaction { connection in
            try connection.execute(
                "UPDATE learner SET \(kind.rawValue)Token = $1, \(kind.rawValue)Digest = $2 WHERE id = $3",
                [.text(token.text), .text(token.digest), .integer(learnerID)])
            return try Self.learner(connection, id: learnerID)
        }
    }

    public func removeLearner(id: Int64) throws -> [String] {
        try pool.transaction { connection in
            let files = try connection.execute("SELECT audioFile FROM lesson WHERE learnerID = $1", [.integer(id)]).map { try $0.text("audioFile") }
            try connection.execute("DELETE FROM learner WHERE id = $1", [.integer(id)])
            return files
        }
    }
}
