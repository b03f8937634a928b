import Foundation
import KochAudio
import KochCore
import KochIO
import Testing

/// A teacher's week through the built binary: a pack made from a roster, the learners' returns
/// (typed copies and recordings of their keying) graded at once, the gradebook written into the pack.
@Suite struct ClassGradeCommandTests {
    /// A class of `names` with empty progress files, and its send pack (two exercises each, no audio).
    struct Class {
        let folder: String
        let names: [String]
        var pack: String { folder + "/week1" }
        var returns: String { folder + "/returns" }

        init(_ names: [String], minutes: Double = 0.5, name: String = #function) throws {
            folder = try KochBinary.scratchFolder(name)
            self.names = names
            var roster = "name, progress\n"
            for (index, name) in names.enumerated() {
                roster += "\(name), progress-\(index).json\n"
                try "{ \"formatVersion\": 2, \"sessions\": [] }\n".write(toFile: progressPath(index), atomically: true, encoding: .utf8)
            }
            try roster.write(toFile: folder + "/class.csv", atomically: true, encoding: .utf8)
            let made = try KochBinary.run([
                "pack", "--roster", folder + "/class.csv", "--direction", "send", "--per-level", "2", "--minutes", "\(minutes)", "--seed", "3",
                "--out", pack,
            ])
            guard made.succeeded else { throw CommandFailed(result: made) }
        }

        func progressPath(_ index: Int) -> String { folder + "/progress-\(index).json" }

        /// The learner's answer keys in the pack, in lesson order (in `teacher/`, where a roster's pack keeps them).
        func keys(_ index: Int) throws -> [String] {
            let learner = pack + "/teacher/learner-" + names[index].lowercased()
            return try FileManager.default.contentsOfDirectory(atPath: learner).filter { $0.hasSuffix(".key.json") }.sorted()
                .map { learner + "/" + $0 }
        }

        /// `returns/NAME/FILE` with `text`.
        @discardableResult
        func write(_ text: String, learner: String, file: String) throws -> String {
            try FileManager.default.createDirectory(atPath: returns + "/" + learner, withIntermediateDirectories: true)
            let path = returns + "/" + learner + "/" + file
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// `namingTheRoster`: with --roster, rather than the roster the pack's manifest names.
        func grade(_ extra: [String] = [], namingTheRoster: Bool = true) throws -> KochBinary.Result {
            let roster = namingTheRoster ? ["--roster", folder + "/class.csv"] : []
            return try KochBinary.run(
                ["grade", "--pack", pack + "/", "--returns", returns + "/", "--date", "2026-11-23T18:00"] + roster + extra,
                environment: ["TZ": "UTC"])
        }

        func progressBytes() -> [Data?] { names.indices.map { FileManager.default.contents(atPath: progressPath($0)) } }
    }

    static func name(of keyPath: String) -> String { URL(fileURLWithPath: keyPath).lastPathComponent.replacingOccurrences(of: ".key.json", with: "") }

    static func copy(of keyPath: String) throws -> String { try SendPracticeTests.sentText(keyPath) + "\n" }

    @Test func aClassOfThreeIsGradedFromCopiesAndARecordingAndARerunGradesNothingTwice() throws {
        let week = try Class(["Ann", "Bob", "Cleo"])
        let ann = try week.keys(0), bob = try week.keys(1)
        try week.write(try Self.copy(of: ann[0]), learner: "Ann", file: Self.name(of: ann[0]) + ".txt")
        // Named on the copy's first line, as a learner types it at the top.
        try week.write(Self.name(of: ann[1]) + "\n" + (try Self.copy(of: ann[1])), learner: "Ann", file: "second.txt")
        try FileManager.default.createDirectory(atPath: week.returns + "/Bob", withIntermediateDirectories: true)
        try SendPracticeTests.recordKeying(try SendPracticeTests.sentText(bob[0]), to: week.returns + "/Bob/" + Self.name(of: bob[0]) + ".wav")

        let result = try week.grade()
        #expect(result.succeeded, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Graded 3 returns of 2 learners."), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("(recording)"))
        #expect(result.standardOutput.contains("Returned nothing yet: Cleo."))
        let bobProgress = try ProgressStore(path: week.progressPath(1)).read()
        #expect(bobProgress.sessions.map(\.direction) == [.send])
        #expect(try ProgressStore(path: week.progressPath(0)).read().sessions.count == 2)
        #expect(try ProgressStore(path: week.progressPath(2)).read().sessions.isEmpty)

        let page = try String(contentsOfFile: week.pack + "/gradebook.html", encoding: .utf8)
        #expect(page.contains("returned nothing"))
        #expect(page.contains("Every return was graded."))
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http"), "the page fetches nothing")
        let feedback = try String(contentsOfFile: week.pack + "/feedback/learner-bob.html", encoding: .utf8)
        #expect(feedback.contains("Your fist"))
        #expect(feedback.contains("Speed"))

        // The CSV as Python's csv module reads it: a row per graded lesson, the figures as written, and one for who returned nothing.
        let check = """
            import csv, sys
            every = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8-sig")))
            rows = [r for r in every if r["status"] == "graded"]
            assert [(r["learner"], r["status"]) for r in every if r["status"] != "graded"] == [("Cleo", "nothing returned")], every
            assert [r["learner"] for r in rows] == ["Ann", "Ann", "Bob"], rows
            assert all(r["direction"] == "send" for r in rows), rows
            assert all(float(r["accuracy_percent"]) >= 90 for r in rows), rows
            assert rows[0]["level_before"] == "2" and rows[0]["next_due"].startswith("2026-11-2"), rows
            assert int(rows[2]["correct"]) <= int(rows[2]["sent"]), rows
            """
        try check.write(toFile: week.folder + "/check.py", atomically: true, encoding: .utf8)
        let python = try KochBinary.run([week.folder + "/check.py", week.pack + "/gradebook.csv"], executable: "/usr/bin/python3")
        #expect(python.succeeded, "\(python.standardError)")

        // Again, with the roster the pack's manifest names (koch pack --roster keeps it there).
        let before = week.progressBytes()
        let again = try week.grade(namingTheRoster: false)
        #expect(again.succeeded, "\(again.standardOutput)")
        #expect(again.standardOutput.contains("Graded 0 returns of 0 learners; 3 graded before, not again"), "\(again.standardOutput)")
        #expect(week.progressBytes() == before)
        #expect(try String(contentsOfFile: week.pack + "/feedback/learner-bob.html", encoding: .utf8).contains("Your fist"))
    }

    @Test func everyBadReturnIsListedWithItsPathTheRestIsGradedAndTheExitSaysSo() throws {
        let week = try Class(["Ann", "Bob", "Cleo"])
        let ann = try week.keys(0), bob = try week.keys(1), cleo = try week.keys(2)
        let good = try week.write(try Self.copy(of: ann[0]), learner: "Ann", file: Self.name(of: ann[0]) + ".txt")
        let empty = try week.write("", learner: "Ann", file: Self.name(of: ann[1]) + ".txt")
        let another = try week.write(try Self.copy(of: bob[1]), learner: "Ann", file: "copy-\(Self.name(of: bob[1])).txt")
        let notText = try week.write("", learner: "Ann", file: "notes.txt")
        try Data([0xFF, 0xFE, 0x41]).write(to: URL(fileURLWithPath: notText))
        let first = try week.write(try Self.copy(of: bob[0]), learner: "Bob", file: Self.name(of: bob[0]) + "-a.txt")
        let second = try week.write(try Self.copy(of: bob[0]), learner: "Bob", file: Self.name(of: bob[0]) + "-b.txt")
        let silence = week.returns + "/Bob/" + Self.name(of: bob[1]) + ".wav"
        try WAVWriter.write([Float](repeating: 0, count: 8000 * 5), sampleRate: 8000, to: silence)
        let stranger = try week.write("KM", learner: "Zed", file: "copy.txt")
        try week.write(try Self.copy(of: cleo[0]), learner: "Cleo", file: Self.name(of: cleo[0]) + ".txt")
        try "{ \"formatVersion\": 2, \"sessions\": [ {".write(toFile: week.progressPath(2), atomically: true, encoding: .utf8)
        let damaged = FileManager.default.contents(atPath: week.progressPath(2))

        let result = try week.grade()
        #expect(result.exitCode == 1)
        let output = result.standardOutput
        #expect(output.contains("Graded 1 return of 1 learner."), "\(output)")
        #expect(output.contains(Self.name(of: ann[0])) && !output.contains(good + ":"))
        let page = try String(contentsOfFile: week.pack + "/gradebook.html", encoding: .utf8)
        let expected: [(String, String)] = [
            (empty, "the file is empty"), (another, "a copy of another learner's lesson"), (notText, "not UTF-8 text"),
            (first, "a duplicate return"), (second, "a duplicate return"), (silence, "nothing decoded"),
            (FileBytes.folder(of: stranger), "no learner of the roster is called Zed"),
            (week.progressPath(2), "Cleo's progress file cannot be read"),
        ]
        for (path, reason) in expected {
            let line = output.split(separator: "\n").first { $0.contains(path + ":") }.map(String.init) ?? ""
            #expect(line.contains(reason), "\(path): \(line)")
            #expect(page.contains(path), "\(path) in the gradebook's list")
        }
        #expect(try ProgressStore(path: week.progressPath(0)).read().sessions.count == 1)
        #expect(try ProgressStore(path: week.progressPath(1)).read().sessions.isEmpty)
        #expect(FileManager.default.contents(atPath: week.progressPath(2)) == damaged)
    }

    @Test func aLessonReturnedTwiceOnceWithoutACopyIsNeitherGradedNorShownAsGraded() throws {
        let week = try Class(["Ann", "Bob"])
        let bob = try week.keys(1)
        try week.write(try Self.copy(of: bob[0]), learner: "Bob", file: Self.name(of: bob[0]) + ".txt")
        // The lesson's ID on the first line, and nothing under it.
        let blank = try week.write(Self.name(of: bob[0]) + "\n\n", learner: "Bob", file: "wednesday.txt")
        let result = try week.grade()
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("Graded 0 returns"), "\(result.standardOutput)")
        let line = result.standardOutput.split(separator: "\n").first { $0.contains(blank + ":") }.map(String.init) ?? ""
        #expect(line.contains("a duplicate return") && line.contains("holds no copy"), "\(line)")
        #expect(try ProgressStore(path: week.progressPath(1)).read().sessions.isEmpty)
        let page = try String(contentsOfFile: week.pack + "/gradebook.html", encoding: .utf8)
        #expect(!page.contains("class=\"return "), "no lesson shown graded")
        #expect(page.contains("2 not graded"))

        // Bob keeps the copy: it is graded; the blank return sent again later is of a lesson graded, and not listed.
        try FileManager.default.removeItem(atPath: blank)
        #expect(try week.grade().succeeded)
        try week.write(Self.name(of: bob[0]) + "\n", learner: "Bob", file: "wednesday.txt")
        let again = try week.grade()
        #expect(again.succeeded, "\(again.standardOutput)")
        #expect(again.standardOutput.contains("2 graded before, not again"), "\(again.standardOutput)")
        let regraded = try String(contentsOfFile: week.pack + "/gradebook.html", encoding: .utf8)
        #expect(regraded.contains("class=\"return ") && regraded.contains("Every return was graded.") && !regraded.contains("not graded</small>"))
    }

    @Test func aBarsLabelKeepsItsPercentSignOnItsLineInsideTheBar() throws {
        let week = try Class(["Ann"])
        let ann = try week.keys(0)
        try week.write(try Self.copy(of: ann[0]), learner: "Ann", file: Self.name(of: ann[0]) + ".txt")
        #expect(try week.grade().succeeded)
        let page = try String(contentsOfFile: week.pack + "/gradebook.html", encoding: .utf8)
        // A no-break space between the figure and its sign, and a label that does not wrap, in a box as wide as the widest label.
        #expect(page.contains("<span class=\"label\">1: 100\u{A0}%</span>"), "\(page)")
        #expect(page.contains(".return span.label { position: relative; white-space: nowrap;"))
    }

    @Test func aReturnSavedOnWindowsWithCRLFAndAByteOrderMarkIsGraded() throws {
        let week = try Class(["Ann"])
        let ann = try week.keys(0)
        // Named on its first line, as Notepad saves it: a byte-order mark, and "\r\n" line endings.
        let lines = [Self.name(of: ann[0])] + (try SendPracticeTests.sentText(ann[0])).split(separator: " ").map(String.init)
        let path = try week.write("\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n", learner: "Ann", file: "copy.txt")
        #expect(FileManager.default.contents(atPath: path)?.prefix(3) == Data([0xEF, 0xBB, 0xBF]))

        let result = try week.grade()
        #expect(result.succeeded, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Graded 1 return of 1 learner."), "\(result.standardOutput)")
        let sessions = try ProgressStore(path: week.progressPath(0)).read().sessions
        #expect(sessions.map(\.lessonID) == [try AnswerKeyFile.read(ann[0]).lessonID])
        #expect(sessions.first?.accuracy == 1)
    }

    @Test func aRecordingThatStopsHalfwayIsGradedOnTheGroupsKeyedInAClass() throws {
        let week = try Class(["Ann"], minutes: 2)
        let ann = try week.keys(0)
        let key = try AnswerKeyFile.read(ann[0])
        let half = key.groups.count / 2
        try FileManager.default.createDirectory(atPath: week.returns + "/Ann", withIntermediateDirectories: true)
        try SendPracticeTests.recordKeying(
            key.groups.prefix(half).map(\.text).joined(separator: " "), to: week.returns + "/Ann/" + Self.name(of: ann[0]) + ".wav", jitter: 0.05)

        let result = try week.grade()
        #expect(result.succeeded, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("100 %"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("(recording, stopped after group \(half) of \(key.groups.count))"), "\(result.standardOutput)")
        let session = try #require(try ProgressStore(path: week.progressPath(0)).read().sessions.first)
        #expect(session.stoppedAtSeconds == key.groups[half].startSeconds)
        #expect(session.sent == key.groups.prefix(half).map(\.text).joined().count && session.correct == session.sent)
    }

    @Test func gradingAClassTakesThePackTheReturnsAndTheRosterAndNothingOfOneLesson() throws {
        let partial = try KochBinary.run(["grade", "--pack", "week1"])
        #expect(!partial.succeeded)
        #expect(partial.standardError.contains("takes --pack FOLDER and --returns FOLDER"))
        let folder = try KochBinary.scratchFolder()
        let noManifest = try KochBinary.run(["grade", "--pack", folder, "--returns", folder])
        #expect(!noManifest.succeeded)
        #expect(noManifest.standardError.contains("has no manifest.json"), "\(noManifest.standardError)")
        #expect(noManifest.standardError.contains("give --roster class.csv"))
        let mixed = try KochBinary.run(["grade", "--pack", "a", "--returns", "b", "--roster", "c.csv", "--key", "k.key.json"])
        #expect(mixed.standardError.contains("--key is for grading one lesson"))
        let help = try KochBinary.run(["grade", "--help"])
        #expect(help.standardOutput.contains("koch grade --pack week1 --returns returns --date 2026-11-27"))
    }
}
