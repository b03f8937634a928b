import Foundation
import GRDB
import KochCore

/// The class kept in SQLite (`ClassStore`), one server's file: its learners with their progress,
/// the lessons made for them, every submission graded, the teacher's password and sessions. Through
/// GRDB, in write-ahead mode: readers never wait for the writer, and each change is one transaction, so a server killed
/// in the middle of one leaves the database as it was before it.
public final class ClassDatabase: ClassStore {
    let pool: DatabasePool
    /// The database file.
    public let path: String
    public var location: String { path }

    /// Opens (or creates) the database at `path` and brings its schema up to date.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
        self.path = path
        try Self.migrator.migrate(pool)
    }

    /// The schema, one migration after another; each runs once, in a transaction.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("class") { db in
            try db.create(table: "learner") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("linkToken", .text).notNull()
                table.column("linkDigest", .text).notNull().unique()
                table.column("feedToken", .text).notNull()
                table.column("feedDigest", .text).notNull().unique()
                table.column("progress", .text).notNull()
                table.column("spokenFeed", .boolean).notNull().defaults(to: false)
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "lesson") { table in
                table.primaryKey("id", .text)
                table.column("learnerID", .integer).notNull().indexed().references("learner", onDelete: .cascade)
                table.column("direction", .text).notNull()
                table.column("level", .integer).notNull()
                table.column("spoken", .boolean).notNull()
                table.column("title", .text).notNull()
                table.column("key", .text).notNull()
                table.column("audioFile", .text).notNull()
                table.column("audioBytes", .integer).notNull()
                table.column("durationSeconds", .double).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "submission") { table in
                table.primaryKey("lessonID", .text).references("lesson", onDelete: .cascade)
                table.column("learnerID", .integer).notNull().indexed().references("learner", onDelete: .cascade)
                table.column("kind", .text).notNull()
                table.column("report", .text).notNull()
                table.column("accuracy", .double).notNull()
                table.column("receivedAt", .datetime).notNull()
            }
            try db.create(table: "teacher") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("passwordHash", .text).notNull()
            }
            try db.create(table: "teacherSession") { table in
                table.primaryKey("digest", .text)
                table.column("csrf", .text).notNull()
                table.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "setting") { table in
                table.primaryKey("name", .text)
                table.column("value", .text).notNull()
            }
        }
        return migrator
    }

    /// A learner's progress as the database keeps it: the progress file's JSON, without its indentation
    /// (`ProgressStore.decode` reads either; a download is indented as a file is).
    static func storedText(_ progress: LearnerProgress) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(progress), as: UTF8.self)
    }

    /// A secret of the server's, made once and kept (the key of the learners' forms' CSRF tokens).
    public func secret(named name: String) throws -> String {
        try pool.write { db in
            if let value = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [name]) { return value }
            let value = AccessToken().text
            try db.execute(sql: "INSERT INTO setting (name, value) VALUES (?, ?)", arguments: [name, value])
            return value
        }
    }
}

extension ClassDatabase {
    /// A setting kept for the next start (the public address the links were given with), or nil.
    public func setting(named name: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [name]) }
    }

    /// Keeps a setting.
    public func setSetting(named name: String, to value: String) throws {
        try pool.write { db in
            try db.execute(
                sql: "INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                arguments: [name, value])
        }
    }
}
