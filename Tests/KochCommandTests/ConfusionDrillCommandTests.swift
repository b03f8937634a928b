import Foundation
import KochCore
import KochIO
import Testing

/// `koch lesson --drill confusions`: groups that set the pairs a learner confused lately against each
/// other, named in the key, the sheet and the status; nothing made when nothing was confused.
@Suite struct ConfusionDrillCommandTests {
    /// A learner at level 5 who, copying two lessons, wrote R for every K sent.
    func learnerTakingKForR() throws -> GradingScratch {
        let scratch = try GradingScratch()
        for (seed, date) in [(1, "2026-11-20T19:30"), (2, "2026-11-21T19:30")] {
            let key = try scratch.lesson(level: 5, seed: seed)
            let copy = try scratch.perfectCopy(of: key).replacingOccurrences(of: "K", with: "R")
            _ = try scratch.gradeJSON(key, copy: copy, date: date)
        }
        return scratch
    }

    /// How often K was sent in the learner's sessions, so K taken for R that many times.
    func kSent(_ scratch: GradingScratch, direction: Direction = .receive) throws -> Int {
        try scratch.sessions().filter { $0.direction == direction }.reduce(0) { $0 + ($1.characters["K"]?.attempts ?? 0) }
    }

    /// Makes a drill lesson (key only) in `out`; returns the run and the key's path, if one was written.
    func drill(_ scratch: GradingScratch, out: String, extra: [String] = []) throws -> (KochBinary.Result, String?) {
        let result = try KochBinary.run(
            ["lesson", "--drill", "confusions", "--format", "none", "--seed", "7", "--progress", scratch.progressPath, "--out", out] + extra)
        let keys = (try? FileManager.default.contentsOfDirectory(atPath: out))?.filter { $0.hasSuffix(".key.json") } ?? []
        return (result, keys.first.map { out + "/" + $0 })
    }

    @Test func aLearnerWhoTakesKForRGetsKAndRTogetherInTheGroups() throws {
        let scratch = try learnerTakingKForR()
        let (result, keyPath) = try drill(scratch, out: scratch.folder + "/drill")
        #expect(result.succeeded, "\(result.standardError)")
        let path = try #require(keyPath)
        #expect(path.contains("/koch-drill-01-"), "\(path)")
        let key = try AnswerKeyFile.read(path)
        let pairs = try #require(key.settings.drill?.pairs)
        #expect(pairs.map(\.characters) == [["K", "R"]])
        let count = try kSent(scratch)
        #expect(count > 0)
        #expect(pairs[0].text == "K taken for R \(count) times in the last 2 sessions")
        let together = key.groups.filter { $0.text.contains("K") && $0.text.contains("R") }.count
        #expect(together * 2 > key.groups.count, "\(together) of \(key.groups.count) groups hold both K and R")
        #expect(key.characterTokens.isSuperset(of: ["K", "R"]))
        #expect(key.introduction == nil, "a drill opens with no newest character")
        #expect(result.standardOutput.contains("drilling K R: K taken for R \(count) times"), "\(result.standardOutput)")

        let sheet = try String(contentsOfFile: path.replacingOccurrences(of: ".key.json", with: ".key.txt"), encoding: .utf8)
        #expect(sheet.contains("drill of K R"), "\(sheet)")
        #expect(sheet.contains("K R: K taken for R \(count) times in the last 2 sessions"), "\(sheet)")

        // Graded, it is a drill: the level stays.
        let report = try scratch.gradeJSON(path, copy: try scratch.perfectCopy(of: path), date: "2026-11-22T19:30")
        let level = try #require(report["level"] as? [String: Any])
        #expect(level["after"] as? Int == level["before"] as? Int)
        #expect(try scratch.sessions().last?.kind == .drill)
    }

    @Test func theSameSeedMakesTheSameDrill() throws {
        let scratch = try learnerTakingKForR()
        let (_, first) = try drill(scratch, out: scratch.folder + "/a")
        let (_, second) = try drill(scratch, out: scratch.folder + "/b")
        let one = try AnswerKeyFile.read(try #require(first))
        let two = try AnswerKeyFile.read(try #require(second))
        #expect(one.lessonID == two.lessonID)
        #expect(one.groups.map(\.text) == two.groups.map(\.text))
    }

    @Test func statusListsThePairWithItsCount() throws {
        let scratch = try learnerTakingKForR()
        let count = try kSent(scratch)
        let text = try KochBinary.run(["status", "--progress", scratch.progressPath, "--date", "2026-11-22"])
        #expect(text.succeeded, "\(text.standardError)")
        #expect(text.standardOutput.contains("Pairs confused lately (koch lesson --drill confusions drills them):"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("    K R: K taken for R \(count) times in the last 2 sessions"), "\(text.standardOutput)")
        #expect(!text.standardOutput.contains("--drill confusions --direction send"), "nothing confused in send")

        let status = try scratch.statusJSON(date: "2026-11-22")
        let receive = try #require(status["receive"] as? [String: Any])
        let pairs = try #require(receive["confusedPairs"] as? [[String: Any]])
        #expect(pairs.count == 1)
        #expect(pairs.first?["characters"] as? [String] == ["K", "R"])
        #expect(pairs.first?["sessions"] as? Int == 2)
        #expect(pairs.first?["text"] as? String == "K taken for R \(count) times in the last 2 sessions")
        let confusions = try #require(pairs.first?["confusions"] as? [[String: Any]])
        #expect(confusions.count == 1)
        #expect(confusions.first?["sent"] as? String == "K")
        #expect(confusions.first?["taken"] as? String == "R")
        #expect(confusions.first?["count"] as? Int == count)
        #expect((status["send"] as? [String: Any])?["confusedPairs"] as? [Any] != nil)
        #expect(((status["send"] as? [String: Any])?["confusedPairs"] as? [Any])?.isEmpty == true)
    }

    @Test func theReportListsThePairOnce() throws {
        let scratch = try learnerTakingKForR()
        let page = scratch.folder + "/report.html"
        let result = try KochBinary.run(["report", "--progress", scratch.progressPath, "--out", page, "--date", "2026-11-22"])
        #expect(result.succeeded, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("Receive: pairs confused lately"))
        #expect(html.contains("<td>K R</td><td>K taken for R \(try kSent(scratch)) times in the last 2 sessions</td>"))
        #expect(!html.contains("Send: pairs confused lately"))
    }

    @Test func aConfusionInSendDrillsOnlySend() throws {
        let scratch = try GradingScratch()
        let send = try scratch.lesson(level: 5, seed: 3, direction: .send)
        let keyed = try scratch.perfectCopy(of: send).replacingOccurrences(of: "U", with: "S")
        _ = try scratch.gradeJSON(send, copy: keyed, date: "2026-11-20T19:30")
        let receive = try scratch.lesson(level: 5, seed: 4)
        _ = try scratch.gradeJSON(receive, copy: try scratch.perfectCopy(of: receive), date: "2026-11-21T19:30")

        let (refused, none) = try drill(scratch, out: scratch.folder + "/receive")
        #expect(refused.exitCode == 1)
        #expect(none == nil)
        #expect(refused.standardOutput.contains("Nothing confused in your last receive session"), "\(refused.standardOutput)")

        let (made, keyPath) = try drill(scratch, out: scratch.folder + "/send", extra: ["--direction", "send"])
        #expect(made.succeeded, "\(made.standardError)")
        let path = try #require(keyPath)
        #expect(path.contains("/koch-send-drill-01-"), "\(path)")
        let key = try AnswerKeyFile.read(path)
        #expect(key.direction == .send)
        #expect(key.settings.drill?.pairs.map(\.characters) == [["U", "S"]])
        let sheet = try String(contentsOfFile: path.replacingOccurrences(of: ".key.json", with: ".sheet.txt"), encoding: .utf8)
        #expect(sheet.contains("U S: U taken for S"), "\(sheet)")
        #expect(!sheet.contains("Newest character"), "a drill has none: \(sheet)")
    }

    @Test func livePracticeCopiesTheSameDrill() throws {
        let scratch = try learnerTakingKForR()
        // Stopped soon after it starts: what matters is the lesson it made and kept.
        let run = try KochBinary.runOnTerminal(
            ["practice", "--drill", "confusions", "--minutes", "0.5", "--seed", "5", "--sound-device", "null", "--progress", scratch.progressPath],
            typing: [.init(.onceOutputContains("Space pauses"), ""), .init(.secondsAfterMatch(2), "q")], timeoutSeconds: 60)
        #expect(run.output.contains("Drill of K R, level "), "\(run.output)")
        #expect(run.output.contains("drilling K R: K taken for R \(try kSent(scratch)) times in the last 2 sessions"), "\(run.output)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch.folder + "/practice")
        let name = try #require(kept.first { $0.hasSuffix(".key.json") }, "\(kept)")
        let key = try AnswerKeyFile.read(scratch.folder + "/practice/" + name)
        #expect(key.settings.drill?.pairs.map(\.characters) == [["K", "R"]])
        #expect(key.groups.allSatisfy { $0.text.contains("K") && $0.text.contains("R") }, "\(key.groups.map(\.text))")
    }

    @Test func aCleanRecordGetsTheLevelLessonAndNoFiles() throws {
        let scratch = try GradingScratch()
        for (seed, date) in [(1, "2026-11-20T19:30"), (2, "2026-11-21T19:30")] {
            let key = try scratch.lesson(level: 2, seed: seed)
            _ = try scratch.gradeJSON(key, copy: try scratch.perfectCopy(of: key), date: date)
        }
        let out = scratch.folder + "/drill"
        let (result, _) = try drill(scratch, out: out)
        #expect(result.exitCode == 1)
        #expect(
            result.standardOutput.contains("Nothing confused in your last 2 receive sessions: no drill to make. Your level lesson: koch lesson"),
            "\(result.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")

        let practice = try KochBinary.run(["practice", "--drill", "confusions", "--progress", scratch.progressPath])
        #expect(practice.exitCode == 1)
        #expect(practice.standardOutput.contains("Nothing confused in your last 2 receive sessions"), "\(practice.standardOutput)")

        // Send practice with no key device given: the drill's answer comes first, not a request for a device.
        let send = try KochBinary.run(["practice", "send", "--drill", "confusions", "--progress", scratch.progressPath])
        #expect(send.exitCode == 1)
        #expect(send.standardOutput.contains("No graded send sessions yet, so nothing confused"), "\(send.standardOutput)")
        #expect(!send.standardError.contains("--key-device"), "\(send.standardError)")
    }

    @Test func aNewLearnerIsToldThereIsNoRecordYet() throws {
        let scratch = try GradingScratch()
        let (result, _) = try drill(scratch, out: scratch.folder + "/drill", extra: ["--direction", "send"])
        #expect(result.exitCode == 1)
        #expect(
            result.standardOutput.contains(
                "No graded send sessions yet, so nothing confused: no drill to make. Your level lesson: koch lesson --direction send"),
            "\(result.standardOutput)")
    }

    @Test func theDrillRefusesOtherLessonsAndUnknownDrills() throws {
        let scratch = try GradingScratch()
        for (arguments, says) in [
            (["--drill", "letters"], "confusions"),
            (["--drill", "confusions", "--chars", "KMRS"], "leave out --chars"),
            (["--drill", "confusions", "--kind", "words"], "leave out --kind words"),
        ] {
            let result = try KochBinary.run(["lesson", "--progress", scratch.progressPath, "--out", scratch.folder + "/x"] + arguments)
            #expect(!result.succeeded, "\(arguments)")
            #expect(result.standardError.contains(says), "\(arguments): \(result.standardError)")
        }
        let characters = try KochBinary.run(["practice", "characters", "--drill", "confusions", "--progress", scratch.progressPath])
        #expect(!characters.succeeded)
        #expect(characters.standardError.contains("--drill confusions makes a lesson to copy"), "\(characters.standardError)")
    }
}
