import Foundation
import KochIO
import Testing

/// What a teacher is told of the returns that are not graded, through the built binary: in the
/// gradebook's CSV as in its page, each named for what it is, and how to name a return.
@Suite struct ClassReturnsListTests {
    typealias Class = ClassGradeCommandTests.Class

    /// The CSV as Python's csv module reads it: (learner, status, lesson_id, file, reason) for every row.
    func csvRows(_ week: Class) throws -> [[String]] {
        let script = """
            import csv, json, sys
            rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8-sig")))
            print(json.dumps([[r["learner"], r["status"], r["lesson_id"], r["file"], r["reason"]] for r in rows]))
            """
        try script.write(toFile: week.folder + "/rows.py", atomically: true, encoding: .utf8)
        let python = try KochBinary.run([week.folder + "/rows.py", week.pack + "/gradebook.csv"], executable: "/usr/bin/python3")
        guard python.succeeded else { throw CommandFailed(result: python) }
        return try #require(try JSONSerialization.jsonObject(with: Data(python.standardOutput.utf8)) as? [[String]])
    }

    @Test func theCSVHasARowForEveryReturnNotGradedAndEveryLearnerWhoReturnedNothing() throws {
        let week = try Class(["Ann", "Bob", "Cleo"])
        let ann = try week.keys(0)
        try week.write(try ClassGradeCommandTests.copy(of: ann[0]), learner: "Ann", file: ClassGradeCommandTests.name(of: ann[0]) + ".txt")
        let empty = try week.write("", learner: "Bob", file: "monday.txt")
        let stranger = try week.write("KM", learner: "Zed", file: "copy.txt")
        let result = try week.grade()
        #expect(result.exitCode == 1, "\(result.standardOutput)")
        let rows = try csvRows(week)
        let byStatus = Dictionary(grouping: rows, by: { $0[1] })
        #expect(byStatus["graded"]?.map { [$0[0], $0[2].isEmpty ? "" : "id"] } == [["Ann", "id"]], "\(rows)")
        let notGraded = try #require(byStatus["not graded"])
        #expect(notGraded.contains { $0[0] == "Bob" && $0[3] == empty && $0[4].contains("empty") }, "\(notGraded)")
        #expect(notGraded.contains { $0[0] == "" && $0[3] == FileBytes.folder(of: stranger) && $0[4].contains("Zed") }, "\(notGraded)")
        #expect(byStatus["nothing returned"]?.map(\.[0]) == ["Cleo"], "\(rows)")
        #expect(Set(rows.map(\.[1])) == ["graded", "not graded", "nothing returned"])
    }

    @Test func aReturnNamingNoLessonIsToldThatLearnersOwnLessonNames() throws {
        let week = try Class(["Ann", "Bob"])
        let bob = try week.keys(1)
        let unnamed = try week.write(try ClassGradeCommandTests.copy(of: bob[0]), learner: "Bob", file: "friday.txt")
        let result = try week.grade()
        let line = result.standardOutput.split(separator: "\n").first { $0.contains(unnamed + ":") }.map(String.init) ?? ""
        #expect(line.contains("names none of Bob's 2 lessons"), "\(result.standardOutput)")
        for key in bob { #expect(line.contains(ClassGradeCommandTests.name(of: key)), "\(line)") }
        for key in try week.keys(0) { #expect(!line.contains(ClassGradeCommandTests.name(of: key)), "Ann's lesson in Bob's line: \(line)") }
        #expect(!line.contains("koch-level05-01-3fa94c1d"), "\(line)")
    }

    @Test func aLearnersSendSheetInAPackWithTheKeysApartAsksForTheRecordingNotForAKeyTheyDoNotHave() throws {
        let week = try Class(["Ann"])
        let learner = week.pack + "/learner-ann"
        let sheets = try FileManager.default.contentsOfDirectory(atPath: learner).filter { $0.hasSuffix(".sheet.txt") }.sorted()
        #expect(sheets.count == 2)
        for sheet in sheets {
            let text = try String(contentsOfFile: learner + "/" + sheet, encoding: .utf8)
            #expect(!text.contains("teacher/") && !text.contains("koch grade"), "\(text)")
            let name = sheet.replacingOccurrences(of: ".sheet.txt", with: "")
            #expect(text.contains("give the recording\nto your teacher"), "\(text)")
            #expect(text.contains(name + ".m4a"), "\(text)")
        }
        let page = try String(contentsOfFile: learner + "/sheets.html", encoding: .utf8)
        #expect(!page.contains("koch grade --key") && page.contains("give the recording to your teacher"))
        // A pack with the keys beside the lessons: the learner has the key, and grades the recording.
        let beside = week.folder + "/beside"
        let made = try KochBinary.run(["pack", "--levels", "2", "--direction", "send", "--per-level", "1", "--minutes", "0.5", "--out", beside])
        #expect(made.succeeded, "\(made.standardError)")
        let sheet = try #require(try FileManager.default.subpathsOfDirectory(atPath: beside).first { $0.hasSuffix(".sheet.txt") })
        let text = try String(contentsOfFile: beside + "/" + sheet, encoding: .utf8)
        #expect(text.contains("koch grade --key ") && text.contains(".key.json --audio RECORDING"), "\(text)")
    }

    @Test func aPDFReturnedIsNamedAsAPDFDocument() throws {
        let week = try Class(["Ann"])
        let ann = try week.keys(0)
        let pdf = week.returns + "/Ann/" + ClassGradeCommandTests.name(of: ann[0]) + ".pdf"
        try week.write("", learner: "Ann", file: ClassGradeCommandTests.name(of: ann[0]) + ".pdf")
        try Data("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8).write(to: URL(fileURLWithPath: pdf))
        let notes = try week.write("KM RS\n", learner: "Ann", file: "notes.md")
        let result = try week.grade()
        let line = { (path: String) in result.standardOutput.split(separator: "\n").first { $0.contains(path + ":") }.map(String.init) ?? "" }
        #expect(line(pdf).contains(": a PDF document, neither a typed copy (.txt) nor a recording"), "\(result.standardOutput)")
        #expect(line(notes).contains(": a text file, but not named .txt"), "\(result.standardOutput)")
        let page = try String(contentsOfFile: week.pack + "/gradebook.html", encoding: .utf8)
        #expect(page.contains("a PDF document, neither a typed copy"))
    }
}
