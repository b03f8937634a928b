import Foundation
import KochServer
import Testing

@Suite struct ClassServiceTeacherTests {
    @Test func aRosterWithALineThatCannotBeAddedAddsNobody() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        let roster = fixture.folder + "/class.csv"
        // Ann's progress file is not there yet (a new learner); Bo's cannot be read.
        try "name, progress\nAnn Lee, ann.json\nBo Chen, bo.json\n".write(toFile: roster, atomically: true, encoding: .utf8)
        try "{ not a progress file".write(toFile: fixture.folder + "/bo.json", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try fixture.service.addLearners(rosterPath: roster) }
        #expect(try fixture.service.database.learners().isEmpty)

        try "name, level\nAnn Lee, 2\nBo Chen, 5\n".write(toFile: roster, atomically: true, encoding: .utf8)
        let added = try fixture.service.addLearners(rosterPath: roster)
        #expect(added.added.map(\.level) == [2, 5])
        #expect(try fixture.service.addLearners(rosterPath: roster).kept == ["Ann Lee", "Bo Chen"])
        #expect(try fixture.service.database.learners().count == 2)
    }

    @Test func aNameThatIsNoLineOfTextIsRefusedAndAddsNobody() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        for name in ["Ann\u{0}Lee", "Ann\tLee", "Ann\nLee", "  ", String(repeating: "A", count: 200)] {
            #expect(throws: ServerRefusal.self, "\(name.debugDescription)") { try fixture.service.addLearner(name: name, level: 2) }
        }
        #expect(try fixture.service.database.learners().isEmpty)
        #expect(try fixture.service.addLearner(name: "Zoë O'Brien-Ng", level: 2).name == "Zoë O'Brien-Ng")
    }

    @Test func theTeachersPasswordIsKeptAsAHashAndAShortOneRefused() throws {
        let fixture = try ServerFixture()
        defer { fixture.remove() }
        #expect(try fixture.service.teacherPasswordMatches("anything") == nil)
        #expect(throws: ServerRefusal.self) { try fixture.service.setTeacherPassword("short") }
        #expect(try fixture.service.teacherPasswordMatches("short") == nil)
        try fixture.service.setTeacherPassword("a class of twelve")
        #expect(try fixture.service.teacherPasswordMatches("a class of twelve") == true)
        #expect(try fixture.service.teacherPasswordMatches("a class of eleven") == false)
        #expect(try fixture.service.database.teacherPasswordHash()?.hasPrefix("$2") == true)
    }
}
