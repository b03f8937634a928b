import Foundation
import Testing

@Suite struct PackCommandTests {
    let small = ["pack", "--levels", "2-4", "--per-level", "2", "--minutes", "0.5", "--seed", "21"]

    /// Every file under a folder by its relative path, hidden ones included.
    func contents(of folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue { files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)) }
        }
        return files
    }

    @discardableResult
    func makePack(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> KochBinary.Result {
        let result = try KochBinary.run(arguments + ["--out", folder], environment: environment)
        #expect(result.succeeded, "\(result.standardError)")
        return result
    }

    func expectSame(_ a: [String: Data], _ b: [String: Data], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.keys.sorted() == b.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in a where b[path] != data {
            Issue.record("\(path) differs", sourceLocation: sourceLocation)
        }
    }

    @Test func sameCommandAndSeedMakeTheSamePackWhateverTheJobs() throws {
        let one = try KochBinary.scratchFolder() + "/pack", two = try KochBinary.scratchFolder() + "/pack"
        try makePack(small + ["--jobs", "1"], in: one)
        try makePack(small + ["--jobs", "2"], in: two)
        let files = try contents(of: one)
        expectSame(files, try contents(of: two))
        // Three folders of two lessons (MP3 and two keys each), a playlist and
        // sheets in each, the index and the manifest; no journal left.
        #expect(files.count == 3 * (2 * 3 + 2) + 2, "\(files.keys.sorted())")
        #expect(files.keys.allSatisfy { !$0.hasPrefix(".") && !$0.contains("/.") })
    }

    @Test func timeStampsComeFromSourceDateEpochNotTheClock() throws {
        let folder = try KochBinary.scratchFolder() + "/pack"
        try makePack(small, in: folder, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        let manifest = try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"createdAt\" : \"2023-11-14T22:13:20Z\""))
        let keys = try contents(of: folder).filter { $0.key.hasSuffix(".key.json") }
        #expect(keys.values.allSatisfy { String(decoding: $0, as: UTF8.self).contains("2023-11-14T22:13:20Z") })
    }

    @Test func manifestListsEveryFileWithItsSizeAndChecksum() throws {
        let folder = try KochBinary.scratchFolder() + "/pack"
        try makePack(small, in: folder)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))) as! [String: Any]
        let files = manifest["files"] as! [[String: Any]]
        let onDisk = try contents(of: folder).filter { $0.key != "manifest.json" }
        #expect(Set(files.map { $0["path"] as! String }) == Set(onDisk.keys))
        // sha256sum, an independent tool, agrees with every checksum.
        let checklist = files.map { "\($0["sha256"] as! String)  \($0["path"] as! String)" }.joined(separator: "\n") + "\n"
        try checklist.write(toFile: folder + "/../SHA256SUMS", atomically: true, encoding: .utf8)
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        check.arguments = ["--check", "--quiet", "../SHA256SUMS"]
        check.currentDirectoryURL = URL(fileURLWithPath: folder)
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
        for file in files { #expect(onDisk[file["path"] as! String]?.count == file["bytes"] as? Int) }

        let verified = try KochBinary.run(["pack", "--verify", folder])
        #expect(verified.succeeded && verified.standardOutput.contains("all 25 files match"), "\(verified.standardOutput)")
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: folder + "/level-03/playlist.m3u"))
        let damaged = try KochBinary.run(["pack", "--verify", folder])
        #expect(!damaged.succeeded)
        #expect(damaged.standardError.contains("changed: level-03/playlist.m3u") || damaged.standardOutput.contains("changed: level-03/playlist.m3u"))
    }

    @Test func playlistListsTheLessonsInOrderWithTheirLengths() throws {
        let folder = try KochBinary.scratchFolder() + "/pack"
        try makePack(["pack", "--levels", "5", "--per-level", "3", "--minutes", "0.5", "--seed", "2"], in: folder)
        let playlist = try String(contentsOfFile: folder + "/level-05/playlist.m3u", encoding: .utf8)
        let lines = playlist.split(separator: "\n").map(String.init)
        #expect(lines.first == "#EXTM3U")
        let tracks = lines.filter { !$0.hasPrefix("#") }
        #expect(tracks.count == 3)
        for (index, track) in tracks.enumerated() {
            #expect(track.hasPrefix("koch-level05-0\(index + 1)-") && track.hasSuffix(".mp3"))
            #expect(FileManager.default.fileExists(atPath: folder + "/level-05/" + track))
        }
        let info = lines.filter { $0.hasPrefix("#EXTINF:") }
        #expect(info.count == 3)
        #expect(info.allSatisfy { (28...32).contains(Int($0.dropFirst(8).prefix { $0.isNumber }) ?? 0) && $0.contains("Koch level 5 lesson") })
    }

    @Test func aRerunKeepsCompleteFilesAndRemakesDamagedOnes() throws {
        let reference = try KochBinary.scratchFolder() + "/pack", folder = try KochBinary.scratchFolder() + "/pack"
        try makePack(small, in: reference)
        try makePack(small, in: folder)
        let names = try contents(of: folder).keys.sorted()
        let mp3s = names.filter { $0.hasSuffix(".mp3") }
        try FileManager.default.removeItem(atPath: folder + "/" + mp3s[0])
        try Data("truncated".utf8).write(to: URL(fileURLWithPath: folder + "/" + mp3s[3]))
        // A temporary file left by a run that was killed.
        try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/level-02/.x.mp3.partial-999999-1"))
        let rerun = try makePack(small, in: folder)
        #expect(rerun.standardOutput.contains("Made 2 lessons, kept 4"), "\(rerun.standardOutput)")
        expectSame(try contents(of: folder), try contents(of: reference))
    }

    @Test func aPackKilledAsAnyFileIsSavedIsFinishedByRunningTheCommandAgain() throws {
        let reference = try KochBinary.scratchFolder() + "/pack"
        let arguments = ["pack", "--levels", "2-3", "--per-level", "2", "--minutes", "0.5", "--seed", "5", "--jobs", "1"]
        try makePack(arguments, in: reference)
        // Killed as it saves its Nth file (the rename that puts it under its final name), for every N.
        let fault = FaultInjector.Fault(call: "rename", errorName: "KILL")
        let kills = try FaultInjector.sweep(fault) { n in
            let folder = try KochBinary.scratchFolder() + "/pack"
            let run = try FaultInjector.run(arguments + ["--out", folder], fault: fault, n: n, watching: folder)
            if run.fired {
                #expect(!run.result.succeeded)
                // Stopped before its last file: no manifest yet, so the rerun has something to finish.
                #expect(!FileManager.default.fileExists(atPath: folder + "/manifest.json"), "N=\(n)")
                try makePack(arguments, in: folder)
            }
            expectSame(try contents(of: folder), try contents(of: reference))
            return run
        }
        #expect(kills >= 8, "killed at \(kills) files")
    }

    @Test func aPackBegunWithoutSourceDateEpochIsFinishedAnotherDayWithTheTimeItWasBegunAt() throws {
        let reference = try KochBinary.scratchFolder() + "/pack", folder = try KochBinary.scratchFolder() + "/pack"
        let arguments = ["pack", "--levels", "2-3", "--per-level", "1", "--minutes", "0.5", "--jobs", "1"]
        let made = try KochBinary.run(arguments + ["--seed", "5", "--out", reference], unset: ["SOURCE_DATE_EPOCH"])
        #expect(made.succeeded, "\(made.standardError)")
        let begun = try KochBinary.run(
            arguments + ["--seed", "5", "--out", folder], environment: ["KOCH_TEST_INTERRUPT_AFTER_LESSONS": "1"], unset: ["SOURCE_DATE_EPOCH"])
        #expect(begun.exitCode == 130, "\(begun.standardError)")
        // Two days later, without --seed: the pack's own seed and time.
        let finished = try KochBinary.run(
            arguments + ["--out", folder], environment: ["KOCH_NOW": "2026-11-30T08:00:00Z"], unset: ["SOURCE_DATE_EPOCH"])
        #expect(finished.succeeded && finished.standardOutput.contains("seed 5"), "\(finished.standardOutput)\(finished.standardError)")
        expectSame(try contents(of: folder), try contents(of: reference))
        let manifest = try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"createdAt\" : \"2026-11-28T12:00:00Z\""), "\(manifest)")
        // Run again once complete, still another day: every file is kept.
        let again = try KochBinary.run(arguments + ["--out", folder], environment: ["KOCH_NOW": "2026-12-05"], unset: ["SOURCE_DATE_EPOCH"])
        #expect(again.succeeded && again.standardOutput.contains("Made 0 lessons, kept 2"), "\(again.standardOutput)\(again.standardError)")
    }

    @Test func shardsAreDisjointAndTogetherMakeThePack() throws {
        let reference = try KochBinary.scratchFolder() + "/pack", folder = try KochBinary.scratchFolder() + "/pack"
        try makePack(small, in: reference)
        let first = try makePack(small + ["--shard", "1/3"], in: folder)
        #expect(first.standardOutput.contains("not complete yet"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/manifest.json"))
        let afterFirst = try contents(of: folder).keys.filter { $0.hasSuffix(".mp3") }
        try makePack(small + ["--shard", "2/3"], in: folder)
        let afterSecond = try contents(of: folder).keys.filter { $0.hasSuffix(".mp3") }
        #expect(afterFirst.count == 2 && afterSecond.count == 4)
        let last = try makePack(small + ["--shard", "3/3"], in: folder)
        #expect(last.standardOutput.contains("Made 2 lessons") && last.standardOutput.contains("complete"), "\(last.standardOutput)")
        expectSame(try contents(of: folder), try contents(of: reference))
    }

    @Test func keysKeptApartAreInTheTeachersFolderAndNotLinkedForLearners() throws {
        let folder = try KochBinary.scratchFolder() + "/pack"
        try makePack(small + ["--keys", "separate"], in: folder)
        let files = try contents(of: folder)
        let learners = files.keys.filter { !$0.hasPrefix("teacher/") }
        #expect(!learners.contains { $0.hasSuffix(".key.json") || $0.hasSuffix(".key.txt") }, "\(learners.sorted())")
        #expect(files.keys.filter { $0.hasPrefix("teacher/level-02/") && $0.hasSuffix(".key.json") }.count == 2)
        #expect(files.keys.contains("teacher/level-03/keys.html"))
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(!index.contains(".key."), "the learners' index links no key")
        let sheets = String(decoding: try #require(files["level-02/sheets.html"]), as: UTF8.self)
        #expect(sheets.contains("class=\"box\"") && !sheets.contains("class=\"teacher\""), "copy pages only")
        let keys = String(decoding: try #require(files["teacher/level-02/keys.html"]), as: UTF8.self)
        #expect(keys.contains("class=\"teacher\"") && !keys.contains("class=\"box\""), "key pages only")
        let manifest = String(decoding: try #require(files["manifest.json"]), as: UTF8.self)
        #expect(manifest.contains("teacher/level-04/keys.html"))
        // Run again: everything is complete and kept.
        let again = try makePack(small + ["--keys", "separate"], in: folder)
        #expect(again.standardOutput.contains("Made 0 lessons, kept 6"), "\(again.standardOutput)")
        // The same pack with the keys beside the lessons is another pack.
        let mixed = try KochBinary.run(small + ["--out", folder])
        #expect(!mixed.succeeded)
    }

    @Test func anotherPacksFolderIsNotMixedIn() throws {
        let folder = try KochBinary.scratchFolder() + "/pack"
        try makePack(small, in: folder)
        let before = try contents(of: folder)
        let other = try KochBinary.run(["pack", "--levels", "2-4", "--per-level", "2", "--minutes", "0.5", "--seed", "22", "--out", folder])
        #expect(!other.succeeded)
        #expect(other.standardError.contains("holds a finished pack made with other settings (seed 21)"), "\(other.standardError)")
        // The same command under another time stamp would mix two dates in one pack's keys.
        let later = try KochBinary.run(small + ["--out", folder], environment: ["SOURCE_DATE_EPOCH": "1795176000"])
        #expect(!later.succeeded, "\(later.standardOutput)")
        expectSame(try contents(of: folder), before)
    }

    @Test func aPackOfTheFullCourseIsMadeAtLevelsTheLettersCourseHasNot() throws {
        let folder = try KochBinary.scratchFolder() + "/pack"
        let made = try makePack(["pack", "--course", "full", "--levels", "27-30", "--per-level", "1", "--minutes", "0.5", "--seed", "3"], in: folder)
        #expect(made.standardOutput.contains("4 folders, 4 lessons"), "\(made.standardOutput)")
        let names = try contents(of: folder).keys
        for level in 27...30 { #expect(names.contains { $0.hasPrefix("level-\(level)/koch-level\(level)-01-") }, "\(names.sorted())") }
    }

    @Test func rosterMakesEachLearnersLessonsAtTheirLevel() throws {
        let scratch = try KochBinary.scratchFolder()
        try "name, level\nAnn Lee, 5\n# away this week\nBob, 12\n".write(toFile: scratch + "/class.csv", atomically: true, encoding: .utf8)
        try makePack(["pack", "--roster", scratch + "/class.csv", "--per-level", "1", "--minutes", "0.5", "--seed", "1"], in: scratch + "/pack")
        let names = try contents(of: scratch + "/pack").keys
        #expect(names.contains { $0.hasPrefix("learner-ann-lee/koch-level05-01-") })
        #expect(names.contains { $0.hasPrefix("learner-bob/koch-level12-01-") })
        let index = try String(contentsOfFile: scratch + "/pack/index.html", encoding: .utf8)
        #expect(index.contains("Ann Lee, level 5 (K M R S U)"))
    }

    @Test(arguments: [
        ("Ann, 5\nBob\n", "line 2 (Bob) is not `name, level`"),
        ("Ann, 5\nBob, 40\n", "line 2 gives level 40"),
        ("Ann, 5\n\nAnn, 7\n", "line 3 names Ann a second time"),
        ("Ann, 5\nBob, missing/progress.json\n", "line 2: Bob's progress file"),
        ("Ann, 5\nBob, broken.json\n", "line 2: Bob's progress file cannot be used"),
    ])
    func badRosterLineIsReportedWithItsNumberAndNothingIsMade(roster: String, message: String) throws {
        let scratch = try KochBinary.scratchFolder()
        try roster.write(toFile: scratch + "/class.csv", atomically: true, encoding: .utf8)
        try "{ not json".write(toFile: scratch + "/broken.json", atomically: true, encoding: .utf8)
        let result = try KochBinary.run(["pack", "--roster", scratch + "/class.csv", "--per-level", "1", "--out", scratch + "/pack"])
        #expect(!result.succeeded)
        #expect(result.standardError.contains(scratch + "/class.csv"), "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch + "/pack"))
    }

    @Test(arguments: [
        (["--levels", "1-5"], "--levels must lie within 2 to 26"),
        (["--levels", "27-30"], "--levels must lie within 2 to 26, not '27-30', in the letters course; give --course full for levels up to 41."),
        (["--course", "full", "--levels", "40-42"], "--levels must lie within 2 to 41, not '40-42', in the full course."),
        (["--levels", "x"], "--levels must look like 2-26"),
        (["--levels", "2-3", "--shard", "4/3"], "--shard must be K/N"),
        (["--per-level", "5"], "Give either --levels"),
        (["--levels", "2-3", "--progress-dir", "files"], "--progress-dir is for a roster's pack: give --roster class.csv."),
        (["--levels", "2-3", "--direction", "send", "--speak", "after"], "--speak is for lessons to copy: a send exercise is keyed from its sheet."),
    ])
    func badOptionsAreRefused(arguments: [String], message: String) throws {
        let result = try KochBinary.run(["pack"] + arguments + ["--out", try KochBinary.scratchFolder() + "/pack"])
        #expect(!result.succeeded)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
