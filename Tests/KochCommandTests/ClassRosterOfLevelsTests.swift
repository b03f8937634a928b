import Foundation
import KochCore
import KochIO
import Testing

/// A roster of levels (`name, level`) through the built binary: the pack starts each learner's
/// progress file at their level, says where, and grading records there.
@Suite struct ClassRosterOfLevelsTests {
    struct Week {
        let folder: String
        var roster: String { folder + "/class.csv" }

        init(_ roster: String, name: String = #function) throws {
            folder = try KochBinary.scratchFolder(name)
            try roster.write(toFile: folder + "/class.csv", atomically: true, encoding: .utf8)
        }

        func pack(_ out: String, _ extra: [String] = []) throws -> KochBinary.Result {
            let made = try KochBinary.run(
                ["pack", "--roster", roster, "--per-level", "2", "--minutes", "1", "--seed", "5", "--out", folder + "/" + out] + extra)
            guard made.succeeded else { throw CommandFailed(result: made) }
            return made
        }

        /// The learner's answer keys, in lesson order: in `teacher/`, where a roster's pack keeps them.
        func keys(_ pack: String, _ learner: String) throws -> [String] {
            let keys = folder + "/" + pack + "/teacher/" + learner
            return try FileManager.default.contentsOfDirectory(atPath: keys).filter { $0.hasSuffix(".key.json") }.sorted().map { keys + "/" + $0 }
        }

        func write(_ text: String, learner: String, file: String) throws {
            try FileManager.default.createDirectory(atPath: folder + "/returns/" + learner, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/returns/" + learner + "/" + file))
        }

        func grade(_ pack: String, _ extra: [String] = []) throws -> KochBinary.Result {
            try KochBinary.run(
                ["grade", "--pack", folder + "/" + pack, "--returns", folder + "/returns", "--date", "2026-11-23T18:00"] + extra,
                environment: ["TZ": "UTC"])
        }

        func progress(_ name: String, in progressFolder: String = "progress") throws -> LearnerProgress {
            try ProgressStore(path: folder + "/" + progressFolder + "/" + name + ".json").read()
        }
    }

    static func groups(_ key: String) throws -> [String] { try AnswerKeyFile.read(key).groups.map(\.text) }

    static func baseName(_ key: String) -> String { URL(fileURLWithPath: key).lastPathComponent.replacingOccurrences(of: ".key.json", with: "") }

    @Test func aPackOfARosterOfLevelsIsGradedIntoProgressFilesStartedAtThoseLevels() throws {
        let week = try Week("name, level\nAnna Müller, 5\nBob, 9\n")
        let made = try week.pack("week1")
        let output = made.standardOutput
        #expect(output.contains("Anna Müller: progress file \(week.folder)/progress/anna-muller.json started at receive level 5."), "\(output)")
        #expect(output.contains("Bob: progress file \(week.folder)/progress/bob.json started at receive level 9."), "\(output)")
        #expect(DirectionProgress(progress: try week.progress("anna-muller"), direction: .receive).level == 5)
        #expect(DirectionProgress(progress: try week.progress("bob"), direction: .send).level == 2, "the roster's level is the pack's direction's")
        let started = try String(contentsOfFile: week.folder + "/progress/bob.json", encoding: .utf8)
        #expect(started.contains("\"formatVersion\" : 3") && started.contains("\"level\" : 9"), "\(started)")

        // The learners' folders hold the lessons, not their keys, and the index links none.
        let anna = try week.keys("week1", "learner-anna-muller"), bob = try week.keys("week1", "learner-bob")
        #expect(anna.count == 2 && bob.count == 2)
        #expect(Self.baseName(anna[0]).hasPrefix("koch-level05-01-") && Self.baseName(bob[0]).hasPrefix("koch-level09-01-"))
        let learnerFiles = try FileManager.default.contentsOfDirectory(atPath: week.folder + "/week1/learner-anna-muller")
        #expect(learnerFiles.contains { $0.hasSuffix(".mp3") } && !learnerFiles.contains { $0.contains(".key.") }, "\(learnerFiles)")
        let index = try String(contentsOfFile: week.folder + "/week1/index.html", encoding: .utf8)
        #expect(!index.contains(".key."), "the learners' index links no answer key")

        // Anna copies her first lesson perfectly; Bob misses every other group of his.
        try week.write(try Self.groups(anna[0]).joined(separator: " ") + "\n", learner: "Anna Müller", file: Self.baseName(anna[0]) + ".txt")
        let bobGroups = try Self.groups(bob[0])
        let bobCopy = bobGroups.enumerated().map { $0.offset % 2 == 0 ? $0.element : String(repeating: "_", count: $0.element.count) }
        try week.write(bobCopy.joined(separator: " ") + "\n", learner: "learner-bob", file: Self.baseName(bob[0]) + ".txt")
        let graded = try week.grade("week1")
        #expect(graded.succeeded, "\(graded.standardOutput)\(graded.standardError)")
        #expect(graded.standardOutput.contains("Graded 2 returns of 2 learners."), "\(graded.standardOutput)")
        #expect(graded.standardOutput.contains("receive level 5 → 6"), "\(graded.standardOutput)")

        let annAfter = try week.progress("anna-muller"), bobAfter = try week.progress("bob")
        #expect(annAfter.sessions.count == 1 && annAfter.sessions[0].correct == annAfter.sessions[0].sent)
        #expect(DirectionProgress(progress: annAfter, direction: .receive).level == 6)
        let sent = bobGroups.joined().count
        let kept = bobGroups.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.count).reduce(0, +)
        let session = try #require(bobAfter.sessions.first)
        #expect(bobAfter.sessions.count == 1 && session.level == 9 && session.sent == sent && session.correct == kept, "\(session)")
        #expect(DirectionProgress(progress: bobAfter, direction: .receive).level == 9)
        #expect(graded.standardOutput.contains(DayText.percent(Double(kept) / Double(sent))), "\(graded.standardOutput)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: week.folder + "/progress").filter { $0.hasSuffix(".lock") }
        #expect(leftovers.isEmpty, "no lock file stays behind: \(leftovers)")

        // Next week, from the same roster: the progress files are used as they stand, never started again.
        let next = try week.pack("week2")
        #expect(
            next.standardOutput.contains(
                "Anna Müller: progress file \(week.folder)/progress/anna-muller.json is there, at receive level 6: used as it is (the roster says 5)."
            ),
            "\(next.standardOutput)")
        #expect(try Self.baseName(week.keys("week2", "learner-anna-muller")[0]).hasPrefix("koch-level06-01-"))
        #expect(try week.progress("anna-muller") == annAfter)
    }

    @Test func aSendPackStartsTheSendDirectionOfAFileAReceivePackStarted() throws {
        let week = try Week("name, level\nEve, 4\n")
        _ = try week.pack("week1")
        let send = try week.pack("send1", ["--direction", "send"])
        #expect(
            send.standardOutput.contains("Eve: progress file \(week.folder)/progress/eve.json started at send level 4."), "\(send.standardOutput)")
        let progress = try week.progress("eve")
        #expect(progress.start.receive?.level == 4 && progress.start.send?.level == 4)
        // Started once: the next send pack uses the file as it stands.
        let again = try week.pack("send2", ["--direction", "send"])
        #expect(again.standardOutput.contains("Eve: progress file \(week.folder)/progress/eve.json is there, and used."), "\(again.standardOutput)")
        #expect(try week.progress("eve") == progress)
    }

    @Test func aSendPackAfterAReceivePackOfTheSameRosterIsAtEachLearnersLevel() throws {
        let week = try Week("name, level\nJosé, 4\nAnna, 6\nChloé Dubois, 10\nFinn, 8\n")
        _ = try week.pack("week1")
        let send = try week.pack("send1", ["--direction", "send"])
        for (folder, level) in [("learner-jose", 4), ("learner-anna", 6), ("learner-chloe-dubois", 10), ("learner-finn", 8)] {
            let keys = try week.keys("send1", folder)
            #expect(keys.count == 2)
            let prefix = String(format: "koch-send-level%02d-", level)
            #expect(keys.allSatisfy { Self.baseName($0).hasPrefix(prefix) }, "\(folder): \(keys.map(Self.baseName))")
            #expect(try keys.allSatisfy { try AnswerKeyFile.read($0).settings.level == level }, "\(folder)")
        }
        #expect(
            send.standardOutput.contains("Chloé Dubois: progress file \(week.folder)/progress/chloe-dubois.json started at send level 10."),
            "\(send.standardOutput)")
        let index = try String(contentsOfFile: week.folder + "/send1/index.html", encoding: .utf8)
        #expect(index.contains("Chloé Dubois, level 10") && !index.contains("level 2 (K M)"), "\(index)")
        // The receive side is as the first pack left it.
        #expect(DirectionProgress(progress: try week.progress("chloe-dubois"), direction: .receive).level == 10)
    }

    @Test func theProgressFolderGivenToThePackIsWhereGradingRecords() throws {
        let week = try Week("name, level\nCleo, 4\n")
        let made = try week.pack("week1", ["--progress-dir", week.folder + "/files"])
        #expect(made.standardOutput.contains("\(week.folder)/files/cleo.json started at receive level 4"), "\(made.standardOutput)")
        let key = try week.keys("week1", "learner-cleo")[0]
        try week.write(try Self.groups(key).joined(separator: " ") + "\n", learner: "Cleo", file: Self.baseName(key) + ".txt")
        // Moved with its pack and roster, the folder is still found: the manifest names it from the pack.
        try FileManager.default.moveItem(atPath: week.folder, toPath: week.folder + "-moved")
        let moved = try Week.moved(week.folder + "-moved")
        let graded = try moved.grade("week1")
        #expect(graded.succeeded, "\(graded.standardOutput)\(graded.standardError)")
        #expect(try moved.progress("cleo", in: "files").sessions.count == 1)
        #expect(!FileManager.default.fileExists(atPath: moved.folder + "/progress"))

        // The class's pages find the files in the same folder.
        let report = ["report", "--roster", moved.roster, "--out", moved.folder + "/reports"]
        let pages = try KochBinary.run(report + ["--progress-dir", moved.folder + "/files"])
        #expect(pages.succeeded && pages.standardOutput.contains("Cleo: \(moved.folder)/reports/cleo.html (1 session)"), "\(pages.standardOutput)")
        let elsewhere = try KochBinary.run(report)
        #expect(elsewhere.standardOutput.contains("Cleo: no progress file yet"), "\(elsewhere.standardOutput)")
    }

    @Test func aPackWhoseProgressFilesWereNeverStartedHasThemStartedAtTheRostersLevelWhenGraded() throws {
        let week = try Week("name, level\nDan, 7\n")
        _ = try week.pack("week1")
        // As a pack made before packs started them: no progress file.
        try FileManager.default.removeItem(atPath: week.folder + "/progress")
        let key = try week.keys("week1", "learner-dan")[0]
        try week.write(try Self.groups(key).joined(separator: " ") + "\n", learner: "Dan", file: Self.baseName(key) + ".txt")
        let graded = try week.grade("week1")
        #expect(graded.succeeded, "\(graded.standardOutput)\(graded.standardError)")
        #expect(graded.standardOutput.contains("Dan: progress file \(week.folder)/progress/dan.json started at level 7, as the roster gives."))
        let progress = try week.progress("dan")
        #expect(progress.start.receive?.level == 7 && progress.sessions.count == 1)
        #expect(DirectionProgress(progress: progress, direction: .receive).level == 8, "a perfect copy at level 7 moves Dan to 8")
    }

    @Test func namesAreSpelledInASCIIAndNamesThatSpellTheSameStayApart() throws {
        let week = try Week("name, level\nAnna Müller, 3\nAnna Muller, 4\nИван Петров, 5\n🎻, 6\n")
        _ = try week.pack("week1")
        let folders = try FileManager.default.contentsOfDirectory(atPath: week.folder + "/week1").filter { $0.hasPrefix("learner-") }.sorted()
        #expect(folders.count == 4, "\(folders)")
        #expect(folders.contains("learner-anna-muller") && folders.contains("learner-anna-muller-3") && folders.contains("learner-ivan-petrov"))
        let progress = try FileManager.default.contentsOfDirectory(atPath: week.folder + "/progress").sorted()
        #expect(progress.count == 4 && progress.contains("anna-muller-3.json"), "\(progress)")
    }

    @Test func aPackWhoseFoldersKeptOnlyTheNamesASCIILettersIsStillGraded() throws {
        let week = try Week("name, level\nAnna Müller, 3\n")
        _ = try week.pack("week1")
        // As packs named folders before names were transliterated: Müller's ü a separator.
        for parent in ["/week1/", "/week1/teacher/"] {
            try FileManager.default.moveItem(
                atPath: week.folder + parent + "learner-anna-muller", toPath: week.folder + parent + "learner-anna-m-ller")
        }
        let key = try week.keys("week1", "learner-anna-m-ller")[0]
        try week.write(try Self.groups(key).joined(separator: " ") + "\n", learner: "Anna Müller", file: Self.baseName(key) + ".txt")
        let graded = try week.grade("week1")
        #expect(graded.succeeded, "\(graded.standardOutput)\(graded.standardError)")
        #expect(try week.progress("anna-muller").sessions.map(\.accuracy) == [1])
    }
}

extension ClassRosterOfLevelsTests.Week {
    /// A week whose folder already holds its roster.
    static func moved(_ folder: String) throws -> Self { try Self(folder: folder) }

    private init(folder: String) throws { self.folder = folder }
}
