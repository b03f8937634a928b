import Foundation
import KochCore
import KochPresentation
import Testing

@testable import KochServer

/// A class moved from one store to another (`koch serve export`, `koch serve import`) is the same
/// class: the same document exported again, the same progress, gradebook, tokens and password.
@Suite struct ClassExportTests {
    static let password = "a class of twelve"

    /// A class of three learners: lessons made (one of them graded, one made in the send direction),
    /// a spoken feed, a teacher's password, the forms' secret, a learner removed (a gap in the
    /// numbers), one added at a moment between milliseconds.
    static func makeClass(_ service: ClassService) throws {
        try service.setTeacherPassword(password)
        let ann = try service.addLearner(name: "Ann Lee", level: 2)
        let bo = try service.addLearner(name: "Bo Chen", level: 5)
        let gone = try service.addLearner(name: "Cy Diaz", level: 3)
        let lesson = try service.nextLesson(for: ann, direction: .receive, spoken: false)
        _ = try service.grade(.copy(ServerFixture.copy(of: lesson, wrongGroups: 2)), lessonID: lesson.id, of: ann)
        _ = try service.nextLesson(for: ann, direction: .receive, spoken: false)
        _ = try service.nextLesson(for: bo, direction: .send, spoken: false)
        try service.database.setSpokenFeed(of: bo, true)
        try service.removeLearner(gone)
        try service.database.addLearner(
            name: "Di Evans", progress: try service.database.progress(of: bo), now: Date(timeIntervalSince1970: 1_796_067_000.123_456))
        _ = try service.database.secret(named: "forms")
        try service.database.setSetting(named: "publicURL", to: "https://koch.school.example")
    }

    /// A service on another store, with the fixture's folder (the lessons' audio) and clock.
    static func service(on store: any ClassStore, _ fixture: ServerFixture) throws -> ClassService {
        ClassService(database: store, dataFolder: fixture.folder, templates: try Templates(), lessonMinutes: 2, now: { ServerFixture.now })
    }

    @Test func aClassMovedToAnotherStoreAndBackIsTheSameClass() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let spare = SpareStores(folder: fixture.folder)
        defer { spare.remove() }
        try Self.makeClass(fixture.service)
        let original = try fixture.service.database.exported()
        #expect(original.learners.map(\.name) == ["Ann Lee", "Bo Chen", "Di Evans"])
        #expect(original.lessons.count == 3 && original.submissions.count == 1 && original.settings["forms"] != nil)
        #expect(original.learners[2].createdAt == (fixture.postgres == nil ? 1_796_067_000.123 : 1_796_067_000.123_456))

        // SQLite to SQLite; on PostgreSQL, the fixture's PostgreSQL to SQLite, then to PostgreSQL, then back to SQLite.
        var hops: [any ClassStore] = [try spare.sqlite()]
        if let postgres = try spare.postgres() { hops += [postgres, try spare.sqlite()] }
        var previous = original
        for store in hops {
            // Through the document's bytes, as the commands move it.
            try store.importClass(try ClassExport.decoded(from: try previous.encoded(), path: "class.json"))
            let moved = try store.exported()
            // The same document; SQLite keeps its moments to the millisecond, PostgreSQL to the microsecond.
            #expect(moved == (store is PostgresClassStore ? previous : Self.toTheMillisecond(previous)))
            try Self.expectTheSameClass(on: try Self.service(on: store, fixture), as: fixture.service)
            previous = moved
        }
    }

    /// Everything the class's pages and API show is the same on `moved` as on `original`.
    static func expectTheSameClass(on moved: ClassService, as original: ClassService) throws {
        #expect(try moved.gradebookCSV() == original.gradebookCSV())
        #expect(try moved.gradebookPage(title: "Gradebook") == original.gradebookPage(title: "Gradebook"))
        #expect(try moved.teacherPasswordMatches(password) == true)
        #expect(try moved.database.secret(named: "forms") == original.database.secret(named: "forms"))
        #expect(try moved.links(given: nil, listening: nil).publicURL == "https://koch.school.example")
        for learner in try original.database.learners() {
            // The same learner (their moment of joining to the millisecond, as the document compares it).
            let byLink = try #require(try moved.database.learner(token: learner.linkToken, kind: .link))
            #expect(Self.identity(byLink) == Self.identity(learner))
            #expect(try moved.database.learner(token: learner.feedToken, kind: .feed).map(Self.identity) == Self.identity(learner))
            #expect(try moved.database.progress(of: byLink) == original.database.progress(of: learner))
            #expect(try moved.database.lessons(of: learner.id).map(\.id) == original.database.lessons(of: learner.id).map(\.id))
            #expect(try moved.database.submissions(of: learner.id).map(\.report) == original.database.submissions(of: learner.id).map(\.report))
        }
        // The lesson made and not graded yet is the next one still, not made again.
        let ann = try #require(try original.database.learners().first)
        #expect(
            try moved.nextLesson(for: ann, direction: .receive, spoken: false).id
                == original.nextLesson(for: ann, direction: .receive, spoken: false).id)
    }

    static func identity(_ learner: LearnerRow) -> [String] {
        ["\(learner.id)", learner.name, learner.linkToken.text, learner.feedToken.text, "\(learner.spokenFeed)"]
    }

    /// The document with its moments to the nearest millisecond, as SQLite keeps them.
    static func toTheMillisecond(_ export: ClassExport) -> ClassExport {
        func ms(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
        var export = export
        for index in export.learners.indices { export.learners[index].createdAt = ms(export.learners[index].createdAt) }
        for index in export.lessons.indices { export.lessons[index].createdAt = ms(export.lessons[index].createdAt) }
        for index in export.submissions.indices { export.submissions[index].receivedAt = ms(export.submissions[index].receivedAt) }
        return export
    }

    @Test func sqliteKeepsAMomentToTheNearestMillisecondAndTheSameThereafter() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let spare = SpareStores(folder: fixture.folder)
        defer { spare.remove() }
        try Self.makeClass(fixture.service)
        var export = try fixture.service.database.exported()
        export.learners[0].createdAt = 1_796_067_000.123_456
        export.learners[1].createdAt = 1_796_067_000.999_6
        let once = try spare.sqlite()
        try once.importClass(export)
        let moved = try once.exported()
        #expect(moved.learners.prefix(2).map(\.createdAt) == [1_796_067_000.123, 1_796_067_001])
        let twice = try spare.sqlite()
        try twice.importClass(moved)
        #expect(try twice.exported() == moved)
    }

    @Test func aLearnerAddedAfterAMoveGetsANewNumber() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let spare = SpareStores(folder: fixture.folder)
        defer { spare.remove() }
        try Self.makeClass(fixture.service)
        let export = try fixture.service.database.exported()
        for store in try spare.oneOfEach() {
            try store.importClass(export)
            let newcomer = try store.addLearner(name: "Ed Fox", progress: LearnerProgress(), now: ServerFixture.now)
            #expect(newcomer.id == (export.learners.map(\.id).max() ?? 0) + 1)
        }
    }

    @Test func anImportIntoAStoreThatHoldsAClassIsRefusedAndChangesNothing() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let spare = SpareStores(folder: fixture.folder)
        defer { spare.remove() }
        try Self.makeClass(fixture.service)
        let export = try fixture.service.database.exported()

        // Into the class itself, into a store with one learner, into one with only a teacher's password.
        let withLearner = try spare.sqlite()
        try withLearner.addLearner(name: "Ed Fox", progress: LearnerProgress(), now: ServerFixture.now)
        let withPassword: any ClassStore = try spare.postgres() ?? spare.sqlite()
        try withPassword.setTeacherPasswordHash("$2b$12$notarealhashnotarealhashnotarealhashnotarealhash")
        for store in [fixture.service.database, withLearner, withPassword] as [any ClassStore] {
            let before = try store.exported()
            #expect(throws: ClassExportError.self) { try store.importClass(export) }
            #expect(try store.exported() == before)
        }
        #expect(throws: ClassExportError.notEmpty(location: withLearner.location, holds: "1 learner")) {
            try withLearner.importClass(export)
        }
    }

    @Test func aLessonWhoseAudioIsOutOfTheFolderIsRefusedByEveryStoreAndTheDocument() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let spare = SpareStores(folder: fixture.folder)
        defer { spare.remove() }
        try Self.makeClass(fixture.service)
        var export = try fixture.service.database.exported()
        // Everything else is the class's own: the path alone is what is refused.
        export.lessons[0].audioFile = "../../etc/passwd"
        #expect(throws: ClassExportError.self) { try ClassExport.decoded(from: try export.encoded(), path: "class.json") }
        for store in try spare.oneOfEach() {
            #expect(throws: ClassExportError.self) { try store.importClass(export) }
            #expect(try store.exported().lessons.isEmpty)
        }
    }

    @Test func anImportThatFailsHalfWayWritesNothing() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let spare = SpareStores(folder: fixture.folder)
        defer { spare.remove() }
        try Self.makeClass(fixture.service)
        // The last learner with the first one's link: the store refuses them after writing the others.
        var export = try fixture.service.database.exported()
        export.learners[export.learners.count - 1].linkToken = export.learners[0].linkToken
        for store in try spare.oneOfEach() {
            #expect(throws: (any Error).self) { try store.importClass(export) }
            let after = try store.exported()
            #expect(after.learners.isEmpty && after.lessons.isEmpty && after.teacherPasswordHash == nil && after.settings.isEmpty)
        }
    }
}
