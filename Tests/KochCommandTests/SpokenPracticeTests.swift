import Foundation
import Testing

/// Spoken practice that counts (`koch grade --heard`), spoken packs, and the
/// speech options' errors, through the built binary.
@Suite struct SpokenPracticeTests {
    /// A one-minute spoken lesson at level 5; its key's path and number of items.
    func spokenKey(in folder: String, seed: String = "4", extra: [String] = ["--speak", "after"]) throws -> (path: String, items: Int) {
        let made = try KochBinary.run(
            ["lesson", "--level", "5", "--minutes", "1", "--seed", seed, "--format", "none", "--out", folder, "--progress", folder + "/p.json"]
                + extra)
        #expect(made.succeeded, "\(made.standardError)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".key.json") })
        let key = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) as? [String: Any])
        return (folder + "/" + name, try #require(key["groups"] as? [[String: Any]]).count)
    }

    func json(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test func heardIsRecordedAsSelfScoredAndKeepsTheStreakButNotTheLevelOrCharacters() throws {
        let folder = try KochBinary.scratchFolder()
        let key = try spokenKey(in: folder)
        let progress = folder + "/progress.json"
        let graded = try KochBinary.run(["grade", "--key", key.path, "--heard", "\(key.items)", "--progress", progress])
        #expect(graded.succeeded, "\(graded.standardError)")
        #expect(graded.standardOutput.contains("Self-scored: \(key.items) of \(key.items) items right"), "\(graded.standardOutput)")
        let sessions = try #require(try json(progress)["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(sessions.first?["kind"] as? String == "spoken")
        #expect((sessions.first?["characters"] as? [String: Any])?.isEmpty == true)

        let status = try KochBinary.run(["status", "--progress", progress])
        #expect(status.standardOutput.contains("Streak: 1 day"), "\(status.standardOutput)")
        #expect(status.standardOutput.contains("Self-scored spoken lessons: 1"), "\(status.standardOutput)")
        // Every item right, at level 5, and still level 2 with no character statistics; the schedule moved.
        #expect(status.standardOutput.contains("Receive: Level 2 of 26"), "\(status.standardOutput)")
        #expect(status.standardOutput.contains("Next practice:"), "\(status.standardOutput)")
        let statusJSON = try KochBinary.run(["status", "--progress", progress, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(statusJSON.standardOutput.utf8)) as? [String: Any])
        let receive = try #require(report["receive"] as? [String: Any])
        #expect(receive["level"] as? Int == 2)
        #expect(receive["charactersSent"] as? Int == 0)
        #expect(receive["nextDue"] as? String != nil)
        let weak = try #require(receive["weakCharacters"] as? [String: [Any]])
        let weakCount = weak.values.reduce(0) { $0 + $1.count }
        #expect(weakCount == 0)
        // The self-scored lessons, as the text says them.
        let selfScored = try #require(report["selfScored"] as? [String: Any])
        let last = try #require(selfScored["last"] as? [String: Any])
        #expect(selfScored["sessions"] as? Int == 1 && last["day"] as? String == "2026-11-28")
        #expect(last["itemsRight"] as? Int == key.items && last["items"] as? Int == key.items)

        let dry = try KochBinary.run(["grade", "--key", key.path, "--heard", "2", "--progress", progress, "--replace", "--dry-run", "--json"])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(dry.standardOutput.utf8)) as? [String: Any])
        #expect(result["kind"] as? String == "spoken" && result["selfScored"] as? Bool == true)
        #expect(result["heard"] as? Int == 2 && result["items"] as? Int == key.items && result["recorded"] as? Bool == false)

        let again = try KochBinary.run(["grade", "--key", key.path, "--heard", "1", "--progress", progress])
        #expect(!again.succeeded)
        #expect(again.standardError.contains("already graded"))
    }

    @Test func heardRefusesMoreThanTheItemsALessonWithoutSpeechAndACopyBesideIt() throws {
        let folder = try KochBinary.scratchFolder()
        let key = try spokenKey(in: folder)
        let progress = folder + "/progress.json"
        let tooMany = try KochBinary.run(["grade", "--key", key.path, "--heard", "\(key.items + 1)", "--progress", progress])
        #expect(!tooMany.succeeded)
        #expect(tooMany.standardError.contains("has only \(key.items) items"), "\(tooMany.standardError)")
        let negative = try KochBinary.run(["grade", "--key", key.path, "--heard=-3", "--progress", progress])
        #expect(!negative.succeeded)
        #expect(negative.standardError.contains("--heard must be 0 or more"), "\(negative.standardError)")
        let withCopy = try KochBinary.run(["grade", "--key", key.path, "--heard", "2", "--transcript", key.path, "--progress", progress])
        #expect(withCopy.standardError.contains("--heard is your own count"), "\(withCopy.standardError)")

        let plain = try KochBinary.scratchFolder()
        let unspoken = try spokenKey(in: plain, extra: [])
        let refused = try KochBinary.run(["grade", "--key", unspoken.path, "--heard", "3", "--progress", progress])
        #expect(!refused.succeeded)
        #expect(refused.standardError.contains("without spoken answers"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: progress), "nothing recorded")
    }

    @Test(arguments: [
        (["--speak", "after", "--voice", "no-such-voice"], "There is no espeak-ng voice 'no-such-voice'"),
        (["--voice", "en-gb"], "--voice and --speech-rate are for spoken answers"),
        (["--speak", "after", "--speech-rate", "20"], "--speech-rate must be 80 to 450"),
        (["--speak", "after", "--speak-pause", "30"], "--speak-pause must be 0.2 to 10"),
        (["--speak", "before", "--speak-pause", "2"], "--speak before says the answer first"),
        (["--spell", "phonetic"], "--spell is for spoken answers"),
        (["--speak", "sometimes"], "sometimes"),
        (["--speak", "after", "--direction", "send"], "--speak is for lessons to copy"),
    ])
    func badSpeechSettingsAreRefusedClearly(arguments: [String], message: String) throws {
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run(["lesson", "--level", "3", "--minutes", "1", "--out", folder + "/out"] + arguments)
        #expect(!result.succeeded)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []
        #expect(written.isEmpty)
    }

    /// Every file under a folder by its relative path.
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

    @Test func aSpokenPackIsTheSameEveryTimeAndARerunRemakesOnlyWhatIsMissing() throws {
        let arguments = [
            "pack", "--levels", "2-3", "--per-level", "2", "--minutes", "0.5", "--seed", "8", "--speak", "repeat", "--spell", "phonetic",
        ]
        let reference = try KochBinary.scratchFolder() + "/pack", folder = try KochBinary.scratchFolder() + "/pack"
        for target in [reference, folder] {
            let made = try KochBinary.run(arguments + ["--out", target])
            #expect(made.succeeded, "\(made.standardError)")
        }
        let made = try contents(of: folder)
        let expected = try contents(of: reference)
        #expect(made == expected)
        let mp3s = made.keys.filter { $0.hasSuffix(".mp3") }.sorted()
        #expect(mp3s.count == 4)
        let keys = made.keys.filter { $0.hasSuffix(".key.json") }
        #expect(keys.allSatisfy { String(decoding: made[$0] ?? Data(), as: UTF8.self).contains("\"sentAgain\"") })
        try FileManager.default.removeItem(atPath: folder + "/" + mp3s[1])
        let rerun = try KochBinary.run(arguments + ["--out", folder])
        #expect(rerun.standardOutput.contains("Made 1 lesson, kept 3"), "\(rerun.standardOutput)")
        let remade = try contents(of: folder)
        #expect(remade == made)
    }
}
