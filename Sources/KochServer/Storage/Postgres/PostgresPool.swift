import Foundation

/// Connections to one PostgreSQL database, each used by one caller at a time: an idle one is
/// handed out, or a new one opened, up to `mostOpen` (a caller past it waits for one to come back).
/// One found broken when it comes back is dropped; one that broke while idle (the database server
/// restarted) fails the call that takes it, and is dropped then.
final class PostgresPool: @unchecked Sendable {
    let url: String
    private let lock = NSLock()
    private var idle: [PostgresConnection] = []
    /// Connections kept open between calls: a server's worker threads rarely need more.
    private let keptIdle = 8
    /// Connections open at once, at most: several servers share PostgreSQL's (100 by default).
    static let mostOpen = 24
    private let openSlots = DispatchSemaphore(value: PostgresPool.mostOpen)

    init(url: String) {
        self.url = url
    }

    /// Runs `body` with a connection of the pool's.
    @discardableResult
    func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        let connection = try take()
        defer { give(connection) }
        return try body(connection)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    func transaction<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
        try withConnection { connection in
            try connection.execute("BEGIN")
            do {
                let result = try body(connection)
                try connection.execute("COMMIT")
                return result
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    private func take() throws -> PostgresConnection {
        openSlots.wait()
        lock.lock()
        let taken = idle.popLast()
        lock.unlock()
        if let taken, taken.isOpen { return taken }
        do {
            return try PostgresConnection(url: url)
        } catch {
            openSlots.signal()
            throw error
        }
    }

    private func give(_ connection: PostgresConnection) {
        defer { openSlots.signal() }
        guard connection.isOpen else { return }
        lock.lock()
        defer { lock.unlock() }
        if idle.count < keptIdle { idle.append(connection) }
    }
}
