import Foundation
import GRDB
import KochCore
import KochIO

/// A learner of the class as the database keeps them.
public struct LearnerRow: Sendable, Hashable {
    /// The learner's number in the class (the teacher's pages name learners by it).
    public let id: Int64
    public let name: String
    /// The learner's link: opens their pages and the API.
    public let linkToken: AccessToken
    /// The feed's own token: opens the feed and its audio, nothing else.
    public let feedToken: AccessToken
    /// Whether the feed's lessons end with spoken answers (for the car).
    public let spokenFeed: Bool
    public let createdAt: Date

    init(row: Row) {
        id = row["id"]
        name = row["name"]
        linkToken = AccessToken(stored: row["linkToken"])
        feedToken = AccessToken(stored: row["feedToken"])
        spokenFeed = row["spokenFeed"]
        createdAt = row["createdAt"]
    }

    /// What messages call the learner's progress, in place of a file's path.
    public var progressName: String { "the progress of \(name)" }
}

extension AccessToken {
    /// A token read back from the database, which holds only tokens it made: taken as it is.
    init(stored text: String) {
        self.init(text: text)
    }
}

extension ClassDatabase {
    /// Adds learners, each with their progress and new tokens, in one transaction: all of them or none.
    @discardableResult
    public func addLearners(_ learners: [(name: String, progress: LearnerProgress)], now: Date) throws -> [LearnerRow] {
        let rows = try learners.map { (name: $0.name, progress: try ClassDatabase.storedText($0.progress)) }
        return try pool.write { db in
            try rows.map { row in
                let (link, feed) = (AccessToken(), AccessToken())
                try db.execute(
                    sql: """
                        INSERT INTO learner (name, linkToken, linkDigest, feedToken, feedDigest, progress, createdAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [row.name, link.text, link.digest, feed.text, feed.digest, row.progress, now])
                guard let added = try Self.learner(db, id: db.lastInsertedRowID) else { throw ServerRefusal.unknown }
                return added
            }
        }
    }

    public func learner(digest: String, kind: LearnerTokenKind) throws -> LearnerRow? {
        let column = kind == .link ? "linkDigest" : "feedDigest"
        return try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM learner WHERE \(column) = ?", arguments: [digest]).map(LearnerRow.init)
        }
    }

    /// The learner of number `id`, or nil.
    public func learner(id: Int64) throws -> LearnerRow? {
        try pool.read { db in try Self.learner(db, id: id) }
    }

    static func learner(_ db: Database, id: Int64) throws -> LearnerRow? {
        try Row.fetchOne(db, sql: "SELECT * FROM learner WHERE id = ?", arguments: [id]).map(LearnerRow.init)
    }

    /// Every learner of the class, in the order they were added.
    public func learners() throws -> [LearnerRow] {
        try pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM learner ORDER BY id").map(LearnerRow.init) }
    }

    /// The learner's progress as recorded.
    public func progress(of learner: LearnerRow) throws -> LearnerProgress {
        try pool.read { db in try Self.progress(db, learner: learner) }
    }

    static func progress(_ db: Database, learner: LearnerRow) throws -> LearnerProgress {
        guard let text = try String.fetchOne(db, sql: "SELECT progress FROM learner WHERE id = ?", arguments: [learner.id]) else {
            throw ServerRefusal.unknown
        }
        return try ProgressStore.decode(Array(text.utf8), path: learner.progressName)
    }

    /// Changes the learner's progress in one transaction: `change` gets it as recorded and gives the new one.
    public func updateProgress(of learner: LearnerRow, change: @Sendable (LearnerProgress) throws -> LearnerProgress) throws {
        try pool.write { db in
            let next = try change(try Self.progress(db, learner: learner))
            try db.execute(sql: "UPDATE learner SET progress = ? WHERE id = ?", arguments: [try ClassDatabase.storedText(next), learner.id])
        }
    }

    /// Whether the learner's feed has spoken answers.
    public func setSpokenFeed(of learner: LearnerRow, _ spoken: Bool) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE learner SET spokenFeed = ? WHERE id = ?", arguments: [spoken, learner.id])
        }
    }

    /// Gives the learner a new token of `kind`: the old one opens nothing from now on.
    @discardableResult
    public func renewToken(of learnerID: Int64, kind: LearnerTokenKind) throws -> LearnerRow? {
        let token = AccessToken()
        return try pool.write { db in
            try db.execute(
                sql: "UPDATE learner SET \(kind.rawValue)Token = ?, \(kind.rawValue)Digest = ? WHERE id = ?",
                arguments: [token.text, token.digest, learnerID])
            return try Self.learner(db, id: learnerID)
        }
    }

    /// Removes the learner, their lessons and their submissions; returns the lessons' folders to delete.
    public func removeLearner(id: Int64) throws -> [String] {
        try pool.write { db in
            let files = try String.fetchAll(db, sql: "SELECT audioFile FROM lesson WHERE learnerID = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM learner WHERE id = ?", arguments: [id])
            return files
        }
    }
}
