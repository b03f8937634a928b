import Foundation

@testable import KochServer

/// Empty stores beside a test's own, for a class moved from one store to another: SQLite files in
/// the test's folder, and PostgreSQL databases of their own when the tests run on PostgreSQL
/// (KOCH_TEST_POSTGRES), dropped by `remove`.
final class SpareStores {
    let folder: String
    /// The PostgreSQL server, when the tests have one.
    let postgresServer = ProcessInfo.processInfo.environment["KOCH_TEST_POSTGRES"]
    private var databases: [String] = []

    init(folder: String) {
        self.folder = folder
    }

    /// A new SQLite store.
    func sqlite() throws -> ClassDatabase {
        try ClassDatabase(path: folder + "/spare-\(UUID().uuidString).sqlite")
    }

    /// A new PostgreSQL store, or nil when the tests run without PostgreSQL.
    func postgres() throws -> PostgresClassStore? {
        guard let postgresServer else { return nil }
        let name = "koch_export_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresConnection(url: postgresServer + "/postgres").execute("CREATE DATABASE \(name)")
        databases.append(name)
        return try PostgresClassStore(url: postgresServer + "/" + name)
    }

    /// A new store of each kind the tests have: SQLite, and PostgreSQL when they run on it.
    func oneOfEach() throws -> [any ClassStore] {
        let sqlite: any ClassStore = try sqlite()
        guard let postgres = try postgres() else { return [sqlite] }
        return [sqlite, postgres]
    }

    func remove() {
        guard let postgresServer else { return }
        for name in databases {
            _ = try? PostgresConnection(url: postgresServer + "/postgres").execute("DROP DATABASE \(name) WITH (FORCE)")
        }
    }
}
