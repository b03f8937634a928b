import Foundation
import GRDB

extension ClassDatabase {
    /// The teacher's password as its bcrypt hash; nil until `koch serve --set-password` sets one.
    public func teacherPasswordHash() throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT passwordHash FROM teacher WHERE id = 1") }
    }

    /// Keeps the teacher's new password's hash, and ends every session the old one opened.
    public func setTeacherPasswordHash(_ hash: String) throws {
        try pool.write { db in
            try db.execute(
                sql: "INSERT INTO teacher (id, passwordHash) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET passwordHash = excluded.passwordHash",
                arguments: [hash])
            try db.execute(sql: "DELETE FROM teacherSession")
        }
    }

    /// Opens a session that lasts `lifetimeSeconds` from `now`.
    public func openTeacherSession(now: Date, lifetimeSeconds: Double) throws -> TeacherSession {
        let session = TeacherSession(token: AccessToken(), csrf: AccessToken().text)
        try pool.write { db in
            try db.execute(sql: "DELETE FROM teacherSession WHERE expiresAt < ?", arguments: [now])
            try db.execute(
                sql: "INSERT INTO teacherSession (digest, csrf, expiresAt) VALUES (?, ?, ?)",
                arguments: [session.token.digest, session.csrf, now.addingTimeInterval(lifetimeSeconds)])
        }
        return session
    }

    /// The session the cookie's token opens, if it has not expired.
    public func teacherSession(_ token: AccessToken, now: Date) throws -> TeacherSession? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT csrf, expiresAt FROM teacherSession WHERE digest = ?", arguments: [token.digest]),
                (row["expiresAt"] as Date) > now
            else { return nil }
            return TeacherSession(token: token, csrf: row["csrf"])
        }
    }

    /// Ends a session (logging out).
    public func closeTeacherSession(_ token: AccessToken) throws {
        try pool.write { db in try db.execute(sql: "DELETE FROM teacherSession WHERE digest = ?", arguments: [token.digest]) }
    }
}
