import Foundation
import KochCore
import KochIO
import Testing

@testable import KochClass

/// A class's returns graded in process, as a program other than the command line would grade them.
@Suite struct ClassGradingTests {
    func run(_ fixture: ClassFixture, replace: Bool = false) throws -> ClassGrading.Result {
        var grading = ClassGrading(
            pack: fixture.pack, returns: fixture.returns, roster: fixture.roster, done: ClassGradingSetup.done, gradedAt: ClassGradingSetup.gradedAt)
        grading.replace = replace
        return try grading.run()
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func eachReturnIsRecordedOnceAndARerunChangesNoProgressFile() throws {
        let fixture = try ClassFixture(learners: [("Ann Lee", 2), ("Bob", 1)])
        let ann = try #require(fixture.keys["learner-ann-lee"])
        let bob = try #require(fixture.keys["learner-bob"])
        // By the file's name, by the copy's first line, and by Bob having one lesson.
        let first = URL(fileURLWithPath: ann[0].path).lastPathComponent.replacingOccurrences(of: ".key.json", with: ".txt")
        try fixture.write(ClassFixture.copy(of: ann[0].key), to: "Ann Lee", name: first)
        try fixture.write(ann[1].key.lessonID + "\n" + ClassFixture.copy(of: ann[1].key), to: "Ann Lee", name: "tuesday.txt")
        try fixture.write(ClassFixture.copy(of: bob[0].key).replacingOccurrences(of: "K", with: "M"), to: "bob", name: "copy.txt")

        let result = try run(fixture)
        #expect(result.notGraded.isEmpty, "\(result.notGraded)")
        #expect(result.graded.count == 3)
        #expect(result.graded.filter { $0.learner == "Ann Lee" }.allSatisfy { $0.score.accuracy == 1 })
        let annProgress = try ProgressStore(path: fixture.progressPath(0)).read()
        #expect(Set(annProgress.sessions.map(\.lessonID)) == Set(ann.map(\.key.lessonID)))
        #expect(annProgress.sessions.allSatisfy { $0.date == ClassGradingSetup.done })
        let bobProgress = try ProgressStore(path: fixture.progressPath(1)).read()
        #expect(bobProgress.sessions.count == 1 && bobProgress.sessions[0].accuracy < 0.9)

        let before = [bytes(fixture.progressPath(0)), bytes(fixture.progressPath(1))]
        let again = try run(fixture)
        #expect(again.graded.isEmpty)
        #expect(again.alreadyGraded.count == 3)
        #expect([bytes(fixture.progressPath(0)), bytes(fixture.progressPath(1))] == before)

        // --replace grades them again, in place of the earlier results.
        let replaced = try run(fixture, replace: true)
        #expect(replaced.graded.count == 3)
        #expect(try ProgressStore(path: fixture.progressPath(0)).read().sessions.count == 2)
    }

    @Test func everyBadReturnIsListedWithItsPathAndTheOthersAreGraded() throws {
        let fixture = try ClassFixture(learners: [("Ann", 2), ("Bob", 1)])
        let ann = try #require(fixture.keys["learner-ann"])
        let bob = try #require(fixture.keys["learner-bob"])
        let good = try fixture.write(ClassFixture.copy(of: ann[0].key), to: "Ann", name: ann[0].key.lessonID + ".txt")
        let unnamed = try fixture.write(ClassFixture.copy(of: ann[1].key), to: "Ann", name: "copy.txt")
        let empty = try fixture.write("  \n", to: "Ann", name: "blank-\(ann[1].key.lessonID).txt")
        let another = try fixture.write(ClassFixture.copy(of: bob[0].key), to: "Ann", name: "\(bob[0].key.lessonID).txt")
        let twice = try fixture.write(ClassFixture.copy(of: bob[0].key), to: "Bob", name: "one.txt")
        let again = try fixture.write(ClassFixture.copy(of: bob[0].key), to: "Bob", name: "two.txt")
        let notText = try fixture.write("\u{FF}\u{FE}", to: "Bob", name: "odd.doc")
        let stranger = try fixture.write("KM", to: "Zed", name: "copy.txt")

        let result = try run(fixture)
        #expect(result.graded.map(\.path) == [good])
        func reason(_ path: String) -> String { result.notGraded.first { $0.path == path }?.reason ?? "(graded)" }
        #expect(reason(unnamed).contains("names none of Ann's 2 lessons"))
        #expect(reason(empty).contains("empty"))
        #expect(reason(another).contains("another learner's lesson"))
        #expect(reason(twice).contains("duplicate") && reason(again).contains("duplicate"))
        // Text by its bytes, under another name than .txt: named for what it is.
        #expect(reason(notText).contains("a text file, but not named .txt"), "\(reason(notText))")
        #expect(reason(FileBytes.folder(of: stranger)).contains("no learner of the roster is called Zed"))
        #expect(try ProgressStore(path: fixture.progressPath(1)).read().sessions.isEmpty)
    }

    @Test func aCopyOfAnotherLearnersLessonIsToldByItsContentToo() throws {
        // Lessons of two characters (level 2) are too alike for their content to tell them apart.
        let fixture = try ClassFixture(learners: [("Ann", 1), ("Bob", 1)], level: 5)
        let bob = try #require(fixture.keys["learner-bob"])
        // Ann has one lesson, so an unnamed file is hers; but it is Bob's lesson, copied.
        let path = try fixture.write(ClassFixture.copy(of: bob[0].key), to: "Ann", name: "copy.txt")
        let result = try run(fixture)
        #expect(result.graded.isEmpty)
        #expect(result.notGraded.first { $0.path == path }?.reason.contains("a copy of another learner's lesson") == true)
    }

    /// Graded as `koch grade` grades one lesson: the key refuses a recording of a receive lesson
    /// before the date given is looked at, and the date refuses the typed copy.
    @Test func aRecordingOfAReceiveLessonIsRefusedForItsKeyBeforeItsDate() throws {
        let fixture = try ClassFixture(learners: [("Ann", 2)])
        let ann = try #require(fixture.keys["learner-ann"])
        let recording = try fixture.write("", to: "Ann", name: ann[0].key.lessonID + ".wav")
        let copy = try fixture.write(ClassFixture.copy(of: ann[1].key), to: "Ann", name: ann[1].key.lessonID + ".txt")
        let nextMonth = LocalTimestamp(date: ClassGradingSetup.gradedAt.date.addingTimeInterval(30 * 86_400), utcOffsetSeconds: 0)
        var grading = ClassGrading(
            pack: fixture.pack, returns: fixture.returns, roster: fixture.roster, done: nextMonth, gradedAt: ClassGradingSetup.gradedAt)
        grading.doneGivenWithTime = true
        let result = try grading.run()
        func reason(_ path: String) -> String { result.notGraded.first { $0.path == path }?.reason ?? "(graded)" }
        #expect(result.graded.isEmpty)
        #expect(reason(recording).contains("is a receive lesson, graded from a typed copy"), "\(reason(recording))")
        #expect(reason(copy).contains("is in the future"), "\(reason(copy))")
    }

    @Test func anUnreadableProgressFileStopsThatLearnerOnlyAndIsLeftAlone() throws {
        let fixture = try ClassFixture(learners: [("Ann", 1), ("Bob", 1)])
        try "{ \"formatVersion\": 2, \"sessions\": [ {".write(toFile: fixture.progressPath(0), atomically: true, encoding: .utf8)
        let damaged = bytes(fixture.progressPath(0))
        try fixture.write(ClassFixture.copy(of: try #require(fixture.keys["learner-ann"])[0].key), to: "Ann", name: "copy.txt")
        try fixture.write(ClassFixture.copy(of: try #require(fixture.keys["learner-bob"])[0].key), to: "Bob", name: "copy.txt")
        let result = try run(fixture)
        #expect(result.graded.map(\.learner) == ["Bob"])
        #expect(result.notGraded.map(\.path) == [fixture.progressPath(0)])
        #expect(result.notGraded[0].reason.contains("Ann's progress file cannot be read, so their return was not graded."))
        #expect(bytes(fixture.progressPath(0)) == damaged)
    }

    @Test func theGradebookHasARowForEachGradedLessonAndSaysWhoReturnedNothing() throws {
        let fixture = try ClassFixture(learners: [("Lee, Ann", 2), ("=Bob", 1), ("Cleo", 1)])
        for (path, key) in try #require(fixture.keys["learner-lee-ann"]) {
            try fixture.write(ClassFixture.copy(of: key), to: "learner-lee-ann", name: URL(fileURLWithPath: path).lastPathComponent + ".txt")
        }
        try fixture.write(ClassFixture.copy(of: try #require(fixture.keys["learner-bob"])[0].key), to: "=Bob", name: "copy.txt")
        let result = try run(fixture)
        #expect(result.notGraded.isEmpty, "\(result.notGraded)")
        let book = Gradebook(learners: result.learners, notGraded: result.notGraded, today: ClassGradingSetup.gradedAt.day)
        #expect(book.rows.map(\.learner) == ["Lee, Ann", "Lee, Ann", "=Bob"])
        #expect(book.rows.map(\.lessonNumber) == [1, 2, 1])
        let ann = try #require(book.learners.first)
        #expect(ann.levelAtStart == 2 && ann.level == 3 && ann.movement == 1)
        #expect(book.rows[0].levelBefore == 2 && book.rows[0].levelAfter == 3)
        #expect(book.learners.map(\.returnedNothing) == [false, false, true])

        let csv = GradebookCSV.text(book)
        #expect(csv.hasPrefix("\u{FEFF}learner,status,lesson,lesson_id,direction,done,accuracy_percent"))
        let lines = csv.dropFirst().components(separatedBy: "\r\n")
        #expect(lines[1].hasPrefix("\"Lee, Ann\",graded,1,\(book.rows[0].lessonID),receive,2026-11-23,100.0,"))
        #expect(lines[3].hasPrefix("'=Bob,graded,1,"))
        // The learner who returned nothing has a row of their own, as on the page.
        let nothing = try #require(book.learners.last)
        #expect(lines[4].hasPrefix("\(nothing.name),nothing returned,,,receive,"), "\(lines[4])")
        #expect(lines.count == 6 && lines[5].isEmpty)
    }
}
