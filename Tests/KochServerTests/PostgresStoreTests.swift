import Foundation
import Testing

@testable import KochServer

/// What only the PostgreSQL store has to show: servers starting together on one new database. Runs
/// where the tests have a PostgreSQL (`KOCH_TEST_POSTGRES`, scripts/run-tests postgres).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["KOCH_TEST_POSTGRES"] != nil, "needs a PostgreSQL: KOCH_TEST_POSTGRES"))
struct PostgresStoreTests {
    @Test func serversStartingTogetherOnANewDatabaseMigrateItOnce() throws {
        let server = try #require(ProcessInfo.processInfo.environment["KOCH_TEST_POSTGRES"])
        let name = "koch_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresConnection(url: server + "/postgres").execute("CREATE DATABASE \(name)")
        defer { _ = try? PostgresConnection(url: server + "/postgres").execute("DROP DATABASE \(name) WITH (FORCE)") }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            do {
                let store = try PostgresClassStore(url: server + "/" + name)
                _ = try store.secret(named: "forms")
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        let connection = try PostgresConnection(url: server + "/" + name)
        #expect(try connection.execute("SELECT name FROM migration").map { try $0.text("name") } == ["class"])
        // Asked for at once, the forms' secret is one: every server signs forms alike.
        #expect(try connection.execute("SELECT count(*) AS n FROM setting WHERE name = 'forms'").first?.integer("n") == 1)
    }
}

/// A PostgreSQL address as koch prints it (needs no database).
@Suite struct PostgresAddressTests {
    @Test func theAddressIsToldWithoutItsPassword() {
        #expect(PostgresClassStore.withoutPassword("postgres://koch:s3cret@db.example.org/koch") == "postgres://koch:%E2%80%A6@db.example.org/koch")
        #expect(PostgresClassStore.withoutPassword("postgres://koch@db/koch?password=s3cret").contains("s3cret") == false)
        #expect(PostgresClassStore.withoutPassword("postgres://koch@db/koch") == "postgres://koch@db/koch")
        #expect(PostgresClassStore.withoutPassword("postgres://ko ch:s3cret@db/koch").contains("s3cret") == false)
    }
}

/// Failures collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func add(_ failure: String) {
        lock.lock()
        found.append(failure)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }
}
