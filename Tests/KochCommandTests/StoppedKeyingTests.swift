import Foundation
import KochCore
import KochIO
import Testing

/// A learner who stops keying a send exercise halfway is graded on the groups they keyed, the
/// rest not counted as missed; a pause in the middle is no stop, and a keying that stops before
/// 20 characters is refused as too short.
@Suite struct StoppedKeyingTests {
    /// A send exercise of enough groups to stop halfway, its key's path and groups.
    func exercise(_ scratch: GradingScratch) throws -> (path: String, key: AnswerKey) {
        let path = try scratch.lesson(level: 2, seed: 7, minutes: 2, direction: .send)
        let key = try AnswerKeyFile.read(path)
        #expect(key.groups.count >= 24, "\(key.groups.count) groups")
        return (path, key)
    }

    func grade(_ scratch: GradingScratch, _ key: String, _ input: [String], extra: [String] = []) throws -> KochBinary.Result {
        try KochBinary.run(
            ["grade", "--key", key, "--progress", scratch.progressPath, "--date", "2026-11-21T19:30"] + input + extra, environment: ["TZ": "UTC"])
    }

    @Test func aRecordingThatStopsHalfwayIsGradedOnTheGroupsKeyedAndTheStopRecorded() throws {
        let scratch = try GradingScratch()
        let (path, key) = try exercise(scratch)
        let half = key.groups.count / 2
        let audio = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(key.groups.prefix(half).map(\.text).joined(separator: " "), to: audio, jitter: 0.05)

        let text = try grade(scratch, path, ["--audio", audio], extra: ["--dry-run"])
        #expect(text.succeeded, "\(text.standardError)")
        #expect(
            text.standardOutput.contains("You stopped after group \(half) of \(key.groups.count); graded the \(half) you keyed."),
            "\(text.standardOutput)")
        #expect(text.standardOutput.contains("Accuracy 100 %"), "\(text.standardOutput)")
        #expect(!text.standardOutput.contains("→ ___"), "no group after the stop is counted as missed")

        let result = try grade(scratch, path, ["--audio", audio], extra: ["--json"])
        #expect(result.succeeded, "\(result.standardError)")
        let report = try jsonObject(result.standardOutput)
        let graded = key.stopped(afterGroups: half)
        let sent = graded.groups.map(\.text).joined().count
        #expect(report["accuracy"] as? Double == 1)
        #expect(report["sent"] as? Int == sent)
        #expect(report["groupsGraded"] as? Int == half)
        #expect(report["groupsInLesson"] as? Int == key.groups.count)
        #expect(report["stopFoundInKeying"] as? Bool == true)
        #expect(report["stoppedAtSeconds"] as? Double == key.groups[half].startSeconds)

        let session = try #require(try scratch.sessions().first)
        #expect(session.stoppedAtSeconds == key.groups[half].startSeconds)
        #expect(session.sent == sent && session.correct == sent)
        // The statistics are of the characters keyed, none of the groups after the stop.
        #expect(session.characters.values.map(\.attempts).reduce(0, +) == sent)
        #expect(key.stopped(atSeconds: try #require(session.stoppedAtSeconds)).groups == graded.groups)
    }

    @Test func aPaddleLogThatStopsHalfwayIsGradedOnTheGroupsKeyed() throws {
        let scratch = try GradingScratch()
        let path = try scratch.lesson(level: 6, seed: 3, minutes: 1, direction: .send)
        let key = try AnswerKeyFile.read(path)
        let half = key.groups.count / 2
        let log = try scratch.transcript(KeyerCommandTests.paddleLog(key.groups.prefix(half).map(\.text), wpm: 20), name: "paddles.txt")
        let result = try grade(scratch, path, ["--events", log])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("You stopped after group \(half) of \(key.groups.count)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Accuracy 100 %"), "\(result.standardOutput)")
        #expect(try scratch.sessions().first?.stoppedAtSeconds == key.groups[half].startSeconds)
    }

    @Test func aPauseInTheMiddleIsNoStop() throws {
        let scratch = try GradingScratch()
        let (path, key) = try exercise(scratch)
        let audio = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(
            key.sentText, to: audio, jitter: 0.05, pausesBeforeWordSeconds: [key.groups.count / 2: 12])
        let result = try grade(scratch, path, ["--audio", audio], extra: ["--json", "--dry-run"])
        #expect(result.succeeded, "\(result.standardError)")
        let report = try jsonObject(result.standardOutput)
        #expect(report["accuracy"] as? Double == 1)
        #expect(report["sent"] as? Int == key.groups.map(\.text).joined().count)
        #expect(report["stoppedAtSeconds"] == nil && report["groupsGraded"] == nil)
    }

    @Test func aKeyingThatStopsBeforeTwentyCharactersIsRefusedAsBefore() throws {
        let scratch = try GradingScratch()
        let (path, key) = try exercise(scratch)
        var groups: [String] = []
        for group in key.groups where groups.joined().count + group.text.count < 20 { groups.append(group.text) }
        let audio = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(groups.joined(separator: " "), to: audio, jitter: 0.05)
        let result = try grade(scratch, path, ["--audio", audio])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("characters were read, of the"), "\(result.standardError)")
        #expect(scratch.progressBytes() == nil)
    }

    @Test func aStopIsNotGivenWithAKeying() throws {
        let scratch = try GradingScratch()
        let (path, _) = try exercise(scratch)
        let result = try grade(scratch, path, ["--audio", scratch.folder + "/keying.wav"], extra: ["--stopped-at", "1:00"])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("a keying is graded up to where it ends"), "\(result.standardError)")
    }

    /// A one-minute spoken lesson at level 5 (key only): its folder and its key's file name.
    func spokenLesson(_ scratch: GradingScratch) throws -> (folder: String, keyName: String) {
        let out = scratch.folder + "/spoken"
        let made = try KochBinary.run([
            "lesson", "--level", "5", "--seed", "4", "--minutes", "1", "--speak", "after", "--format", "none", "--out", out,
            "--progress", scratch.folder + "/no-progress.json",
        ])
        guard made.succeeded else { throw CommandFailed(result: made) }
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".key.json") })
        return (out, name)
    }

    @Test func aCountHeardInTheCarWithAStopIsOfTheItemsBeforeIt() throws {
        let scratch = try GradingScratch()
        let (out, name) = try spokenLesson(scratch)
        let key = try AnswerKeyFile.read(out + "/" + name)
        let third = try #require(key.spokenItems.dropFirst(2).first?.first)
        // Stopped just as the third item began: two items before the moment.
        let moment = Int(third.startSeconds.rounded(.up))
        let stop = "\(moment / 60):" + String(format: "%02d", moment % 60)
        let before = key.stopped(atSeconds: Double(moment)).spokenItems.count
        let result = try grade(scratch, out + "/" + name, ["--heard", "\(before)", "--stopped-at", stop], extra: ["--json"])
        #expect(result.succeeded, "\(result.standardError)")
        let report = try jsonObject(result.standardOutput)
        #expect(report["items"] as? Int == before)
        #expect(report["heard"] as? Int == before)
        #expect(report["stoppedAtSeconds"] as? Double == Double(moment))
        #expect(try scratch.sessions().first?.stoppedAtSeconds == Double(moment))
        let tooMany = try grade(scratch, out + "/" + name, ["--heard", "\(before + 1)", "--stopped-at", stop], extra: ["--dry-run", "--replace"])
        #expect(!tooMany.succeeded)
        // The lesson has more items than were sent before the stop: both are said, not "has only".
        #expect(
            tooMany.standardError.contains(
                "has \(key.spokenItems.count) items, of which \(before) were sent before \(stop) (--stopped-at); give how many of those \(before) you got right"
            ),
            "\(tooMany.standardError)")
        #expect(!tooMany.standardError.contains("has only"), "\(tooMany.standardError)")
        let whole = try grade(scratch, out + "/" + name, ["--heard", "\(key.spokenItems.count + 1)"], extra: ["--dry-run", "--replace"])
        #expect(whole.standardError.contains("has only \(key.spokenItems.count) items"), "\(whole.standardError)")
    }

    @Test func aCountHeardSaysWhatUnlocksTheNextLevelAsStatusDoes() throws {
        let scratch = try GradingScratch()
        let (out, name) = try spokenLesson(scratch)
        let result = try grade(scratch, out + "/" + name, ["--heard", "3"])
        #expect(result.succeeded, "\(result.standardError)")
        let status = try KochBinary.run(["status", "--progress", scratch.progressPath])
        let advice = try #require(status.standardOutput.split(separator: "\n").first { $0.contains("To unlock") }.map(String.init))
        #expect(result.standardOutput.contains(advice.trimmingCharacters(in: .whitespaces)), "\(result.standardOutput)")
        let json = try jsonObject(
            try grade(scratch, out + "/" + name, ["--heard", "3"], extra: ["--json", "--dry-run", "--replace"]).standardOutput)
        #expect((json["advice"] as? String)?.hasPrefix("To unlock R,") == true, "\(json)")
    }
}
