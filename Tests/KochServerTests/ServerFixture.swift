import Foundation
import KochCore
import KochIO
import KochPresentation

@testable import KochServer

/// A class server's service for one test, in a temporary folder, on a fixed clock.
struct ServerFixture {
    let folder: String
    var service: ClassService
    /// The PostgreSQL server and the test's database on it, when the tests run on PostgreSQL.
    let postgres: (server: String, database: String)?

    /// 2026-11-29 19:30 UTC: the clock every grade of these tests is given at.
    static let now = Date(timeIntervalSince1970: 1_796_067_000)

    init(submissionsLimits: UploadLimits = UploadLimits()) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database: any ClassStore
        if let server = ProcessInfo.processInfo.environment["KOCH_TEST_POSTGRES"] {
            // The same tests on PostgreSQL (scripts/run-tests postgres): a database of the test's own, dropped after.
            let name = "koch_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try PostgresConnection(url: server + "/postgres").execute("CREATE DATABASE \(name)")
            database = try PostgresClassStore(url: server + "/" + name)
            postgres = (server, name)
        } else {
            database = try ClassDatabase(path: folder + "/class.sqlite")
            postgres = nil
        }
        // Two-minute lessons: long enough for every rule (a level moves on 20 characters), quicker to make than five.
        service = ClassService(
            database: database, dataFolder: folder, templates: try Templates(), limits: submissionsLimits, lessonMinutes: 2, now: { Self.now })
        // bcrypt's least cost: a teacher's password is hashed and checked alike, in a hundredth of the time.
        service.passwordCost = 4
    }

    /// The groups of a lesson's key, typed perfectly.
    static func perfectCopy(of lesson: LessonRow) -> [UInt8] {
        Array(lesson.key.groups.map(\.text).joined(separator: " ").utf8)
    }

    /// A copy with the first `wrong` groups each missing a character.
    static func copy(of lesson: LessonRow, wrongGroups wrong: Int) -> [UInt8] {
        let groups = lesson.key.groups.enumerated().map { index, group in index < wrong ? String(group.text.dropLast()) : group.text }
        return Array(groups.joined(separator: " ").utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
        if let postgres {
            _ = try? PostgresConnection(url: postgres.server + "/postgres").execute("DROP DATABASE \(postgres.database) WITH (FORCE)")
        }
    }
}
