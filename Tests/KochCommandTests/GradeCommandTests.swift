import Foundation
import KochCore
import KochIO
import Testing

/// A learner's folder for one test: lessons, transcripts and a progress file.
struct GradingScratch {
    let folder: String
    var progressPath: String { folder + "/progress.json" }

    init(_ name: String = #function) throws {
        folder = try KochBinary.scratchFolder(name)
    }

    /// Makes a lesson (key only) and returns its key's path.
    func lesson(level: Int = 2, seed: Int = 1, minutes: Double = 1, direction: Direction = .receive) throws -> String {
        let out = folder + "/lessons-\(level)-\(seed)-\(direction)"
        let result = try KochBinary.run([
            "lesson", "--level", "\(level)", "--seed", "\(seed)", "--minutes", "\(minutes)", "--format", "none",
            "--out", out, "--progress", folder + "/no-progress.json", "--direction", direction.rawValue,
        ])
        guard result.succeeded else { throw CommandFailed(result: result) }
        let keys = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".key.json") }
        guard let key = keys.first else { throw CommandFailed(result: result) }
        return out + "/" + key
    }

    /// The groups of a key, as a perfect copy.
    func perfectCopy(of keyPath: String) throws -> String {
        try AnswerKeyFile.read(keyPath).groups.map(\.text).joined(separator: " ") + "\n"
    }

    /// A whole copy with every K written as M and every M as K: as long as the lesson, and poor.
    func poorCopy(of keyPath: String) throws -> String {
        String(try perfectCopy(of: keyPath).map { $0 == "K" ? "M" : $0 == "M" ? "K" : $0 })
    }

    /// Writes a transcript file and returns its path.
    func transcript(_ text: String, name: String = "copy.txt") throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    func grade(_ keyPath: String, copy: String, date: String, extra: [String] = []) throws -> KochBinary.Result {
        try KochBinary.run(
            [
                "grade", "--key", keyPath, "--transcript", try transcript(copy, name: "copy-\(UUID().uuidString).txt"),
                "--progress", progressPath, "--date", date,
            ] + extra,
            environment: ["TZ": "UTC"])
    }

    /// `koch grade --json`'s object.
    func gradeJSON(_ keyPath: String, copy: String, date: String, extra: [String] = []) throws -> [String: Any] {
        let result = try grade(keyPath, copy: copy, date: date, extra: ["--json"] + extra)
        guard result.succeeded else { throw CommandFailed(result: result) }
        return try jsonObject(result.standardOutput)
    }

    func statusJSON(date: String) throws -> [String: Any] {
        let result = try KochBinary.run(["status", "--progress", progressPath, "--json", "--date", date], environment: ["TZ": "UTC"])
        guard result.succeeded else { throw CommandFailed(result: result) }
        return try jsonObject(result.standardOutput)
    }

    func progressBytes() -> Data? {
        FileManager.default.contents(atPath: progressPath)
    }

    func sessions() throws -> [GradedSession] {
        try ProgressStore(path: progressPath).read().sessions
    }
}

struct CommandFailed: Error, CustomStringConvertible {
    let result: KochBinary.Result
    var description: String { "koch failed (\(result.exitCode)): \(result.standardError)\(result.standardOutput)" }
}

func jsonObject(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
        throw CocoaError(.coderReadCorrupt)
    }
    return object
}

@Suite struct GradeCommandTests {
    @Test func levelTwoLessonCopiedPerfectlyMovesTheLearnerToLevelThree() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2)
        let report = try scratch.gradeJSON(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-21T19:30")
        #expect(report["accuracy"] as? Double == 1)
        #expect((report["level"] as? [String: Any])?["before"] as? Int == 2)
        #expect((report["level"] as? [String: Any])?["after"] as? Int == 3)
        #expect(report["sent"] as? Int == report["correct"] as? Int)
        #expect(report["nextDue"] as? String == "2026-11-23")
        #expect(report["streak"] as? Int == 1)
        #expect((report["review"] as? [String: Any])?["due"] as? String == "2026-11-28")

        let status = try scratch.statusJSON(date: "2026-11-22")
        let receive = try #require(status["receive"] as? [String: Any])
        #expect(receive["level"] as? Int == 3)
        #expect(receive["levelText"] as? String == "Level 3 of 26")
        #expect(receive["nextCharacter"] as? String == "S")
        #expect(receive["dueNow"] as? Bool == false)
        #expect((status["send"] as? [String: Any])?["level"] as? Int == 2)
    }

    @Test func aSendLessonMovesOnlyTheSendLevel() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, direction: .send)
        let report = try scratch.gradeJSON(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-21T19:30")
        #expect(report["direction"] as? String == "send")
        let status = try scratch.statusJSON(date: "2026-11-21")
        #expect((status["send"] as? [String: Any])?["level"] as? Int == 3)
        #expect((status["receive"] as? [String: Any])?["level"] as? Int == 2)
    }

    @Test func textReportShowsMistakesGroupsAndSchedule() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2)
        var groups = try AnswerKeyFile.read(key).groups.map(\.text)
        groups.remove(at: 2)
        let result = try scratch.grade(key, copy: groups.joined(separator: " "), date: "2026-11-21T19:30")
        #expect(result.succeeded)
        #expect(result.standardOutput.contains("Accuracy "))
        #expect(result.standardOutput.contains("Groups with errors"))
        #expect(result.standardOutput.contains("  3. "))
        #expect(result.standardOutput.contains("Next practice: "))
        #expect(result.standardOutput.contains("Streak: 1 day"))
    }

    @Test func transcriptMayComeOnStandardInput() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson()
        let result = try KochBinary.run(
            ["grade", "--key", key, "--progress", scratch.progressPath, "--json", "--dry-run"],
            input: try scratch.perfectCopy(of: key))
        #expect(result.succeeded, "\(result.standardError)")
        #expect(try jsonObject(result.standardOutput)["accuracy"] as? Double == 1)
    }

    @Test func dryRunRecordsNothing() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson()
        let report = try scratch.gradeJSON(key, copy: try scratch.poorCopy(of: key), date: "2026-11-21T19:30", extra: ["--dry-run"])
        #expect(report["recorded"] as? Bool == false)
        #expect(scratch.progressBytes() == nil)
    }

    @Test func regradingIsRefusedAndLeavesTheFileByteIdentical() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson()
        try scratch.grade(key, copy: try scratch.poorCopy(of: key), date: "2026-11-21T19:30")
        let before = try #require(scratch.progressBytes())
        let again = try scratch.grade(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-22T08:00")
        #expect(!again.succeeded)
        #expect(again.standardError.contains("already graded"))
        #expect(again.standardError.contains("2026-11-21 at 19:30"))
        #expect(again.standardError.contains("--replace"))
        #expect(scratch.progressBytes() == before)
    }

    @Test func replaceGradesAgainReplacingTheEarlierResult() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson()
        try scratch.grade(key, copy: try scratch.poorCopy(of: key), date: "2026-11-21T19:30")
        let report = try scratch.gradeJSON(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-22T08:00", extra: ["--replace"])
        #expect(report["replaced"] is [String: Any])
        let sessions = try scratch.sessions()
        #expect(sessions.count == 1)
        #expect(sessions.first?.accuracy == 1)
        #expect(sessions.first?.date.description == "2026-11-22T08:00:00Z")
    }

    @Test func scheduleAndStreakFollowTheDatesGiven() throws {
        let scratch = try GradingScratch()
        let keys = try (1...5).map { try scratch.lesson(level: 2, seed: $0) }
        let perfect = try keys.map { try scratch.perfectCopy(of: $0) }
        var report = try scratch.gradeJSON(keys[0], copy: perfect[0], date: "2026-11-01T20:00")
        #expect(report["streak"] as? Int == 1)
        #expect(report["nextDue"] as? String == "2026-11-03")  // doubled to 2: capped at 2 in the first 14 days
        report = try scratch.gradeJSON(keys[1], copy: perfect[1], date: "2026-11-02T07:00")
        #expect(report["streak"] as? Int == 2)
        #expect(report["nextDue"] as? String == "2026-11-04")
        report = try scratch.gradeJSON(keys[2], copy: try scratch.poorCopy(of: keys[2]), date: "2026-11-02T21:00")
        #expect(report["streak"] as? Int == 2)  // same day
        #expect(report["nextDue"] as? String == "2026-11-03")  // under 70 %: 1 day
        report = try scratch.gradeJSON(keys[3], copy: perfect[3], date: "2026-11-04T21:00")
        #expect(report["streak"] as? Int == 1)  // a day skipped
        #expect(report["longestStreak"] as? Int == 2)
        #expect(report["nextDue"] as? String == "2026-11-06")
        report = try scratch.gradeJSON(keys[4], copy: perfect[4], date: "2026-11-20T21:00")
        #expect(report["intervalDays"] as? Int == 1)  // 16 days after: more than twice the interval
        #expect(report["nextDue"] as? String == "2026-11-21")

        let status = try scratch.statusJSON(date: "2026-11-21")
        let receive = try #require(status["receive"] as? [String: Any])
        #expect(receive["dueNow"] as? Bool == true)
        #expect(receive["sessions"] as? Int == 5)
        #expect(status["streak"] as? Int == 1)
    }

    @Test func statusOfANewLearnerIsLevelTwoAndMakesNoFile() throws {
        let scratch = try GradingScratch()
        let status = try scratch.statusJSON(date: "2026-11-21")
        #expect((status["receive"] as? [String: Any])?["level"] as? Int == 2)
        #expect((status["receive"] as? [String: Any])?["dueNow"] as? Bool == true)
        #expect(scratch.progressBytes() == nil)
        let text = try KochBinary.run(["status", "--progress", scratch.progressPath])
        #expect(text.standardOutput.contains("Level 2 of 26 (K M)"))
    }

    @Test func progressFileComesFromTheEnvironmentWhenNotGiven() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson()
        let copy = try scratch.transcript(try scratch.perfectCopy(of: key))
        var result = try KochBinary.run(
            ["grade", "--key", key, "--transcript", copy], environment: ["KOCH_PROGRESS": scratch.folder + "/env.json"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch.folder + "/env.json"))
        result = try KochBinary.run(
            ["grade", "--key", key, "--transcript", copy],
            environment: ["KOCH_PROGRESS": "", "XDG_DATA_HOME": scratch.folder + "/xdg"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch.folder + "/xdg/koch/progress.json"))
        result = try KochBinary.run(
            ["grade", "--key", key, "--transcript", copy],
            environment: ["KOCH_PROGRESS": "", "XDG_DATA_HOME": "", "HOME": scratch.folder + "/home"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch.folder + "/home/.local/share/koch/progress.json"))
    }

    @Test func lessonTakesTheLevelFromTheProgressFile() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2)
        try scratch.grade(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-21T19:30")
        let out = scratch.folder + "/next"
        let result = try KochBinary.run(["lesson", "--format", "none", "--minutes", "1", "--out", out, "--progress", scratch.progressPath])
        #expect(result.succeeded, "\(result.standardError)")
        let made = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".key.json") }
        #expect(made.count == 1)
        #expect(try AnswerKeyFile.read(out + "/" + (made.first ?? "")).level == 3)
    }

    @Test func lessonSendsWeakCharactersMoreOften() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2)
        // K always copied as M: K is under 50 %.
        let copy = try AnswerKeyFile.read(key).groups.map { $0.text.replacingOccurrences(of: "K", with: "M") }.joined(separator: " ")
        try scratch.grade(key, copy: copy, date: "2026-11-21T19:30")
        let out = scratch.folder + "/next"
        let result = try KochBinary.run(["lesson", "--format", "none", "--minutes", "1", "--out", out, "--progress", scratch.progressPath])
        #expect(result.standardOutput.contains("weak characters come up more often: K"))
        let made = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".key.json") }
        #expect(try AnswerKeyFile.read(out + "/" + (made.first ?? "")).settings.extraWeight == ["K": 2])
    }
}
