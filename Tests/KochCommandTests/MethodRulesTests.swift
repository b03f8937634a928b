import Foundation
import KochCore
import KochIO
import Testing

/// The progress rules as the method states them, through the binary: one
/// character at a time, only level lessons move the level and the
/// schedule, one streak, a lesson stopped early, and progress files of
/// format 1 carried over unchanged.
@Suite struct MethodRulesTests {
    @Test func aLessonFarAboveTheLevelUnlocksOneCharacter() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 20)
        let result = try scratch.grade(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-20T19:30")
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("Level up! Receive level 2 → 3 of 26: new character R"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("one character at a time"))
        let status = try scratch.statusJSON(date: "2026-11-20")
        #expect((status["receive"] as? [String: Any])?["level"] as? Int == 3)
    }

    @Test func aQSOIsRecordedForALettersLearnerAndLeavesTheScheduleAlone() throws {
        let scratch = try GradingScratch()
        let first = try scratch.lesson(level: 2)
        let before = try scratch.gradeJSON(first, copy: try scratch.perfectCopy(of: first), date: "2026-11-01T19:30")
        #expect(before["nextDue"] as? String == "2026-11-03")
        let out = scratch.folder + "/qso"
        let made = try KochBinary.run([
            "lesson", "--kind", "qso", "--minutes", "1", "--seed", "4", "--format", "none", "--out", out,
            "--progress", scratch.folder + "/none.json",
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let qso = out + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".key.json") }))
        #expect(try AnswerKeyFile.read(qso).course == .full)
        // Half the QSO copied: it would have sent the schedule back to one day.
        let groups = try AnswerKeyFile.read(qso).groups
        let half = groups.prefix(groups.count / 2).map(\.text).joined(separator: " ")
        let report = try scratch.gradeJSON(qso, copy: half, date: "2026-11-02T19:30")
        #expect(report["kind"] as? String == "qso")
        #expect(report["recorded"] as? Bool == true)
        #expect(report["scheduleMoved"] as? Bool == false)
        #expect(report["levelDecision"] as? String == "notLevelLesson")
        #expect(report["nextDue"] as? String == "2026-11-03")
        #expect(report["intervalDays"] as? Int == 2)
        #expect(report["streak"] as? Int == 2)
        let sessions = try scratch.sessions()
        #expect(sessions.map(\.kind) == [.groups, .qso])
        // The QSO's digits and prosigns are counted under their own names.
        #expect(sessions[1].characters.keys.contains { $0.first?.isNumber == true || $0.hasPrefix("<") })
        // Graded again in that result's place (a dry run of it): what a QSO lesson counts for.
        let text = try scratch.grade(qso, copy: half, date: "2026-11-02T19:30", extra: ["--dry-run", "--replace"])
        #expect(
            text.standardOutput.contains("this was a QSO lesson, which counts for your character statistics and your streak"),
            "\(text.standardOutput)")
    }

    @Test func levelLessonsFollowOneCourseWhileOtherKindsAreRecordedFromAny() throws {
        let scratch = try GradingScratch()
        let first = try scratch.lesson(level: 2)
        _ = try scratch.gradeJSON(first, copy: try scratch.perfectCopy(of: first), date: "2026-11-01T19:30")
        func fullCourse(_ kind: String) throws -> String {
            let out = scratch.folder + "/" + kind
            let made = try KochBinary.run([
                "lesson", "--kind", kind, "--course", "full", "--level", "30", "--minutes", "0.5", "--seed", "5",
                "--format", "none", "--out", out, "--progress", scratch.folder + "/none.json",
            ])
            #expect(made.succeeded, "\(made.standardError)")
            return out + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".key.json") }))
        }
        let callsigns = try fullCourse("callsigns")
        let report = try scratch.gradeJSON(callsigns, copy: try scratch.perfectCopy(of: callsigns), date: "2026-11-02T19:30")
        #expect(report["kind"] as? String == "callsigns")
        #expect(report["leveledUp"] as? Bool == false)
        let before = scratch.progressBytes()
        let groups = try fullCourse("groups")
        let refused = try scratch.grade(groups, copy: try scratch.perfectCopy(of: groups), date: "2026-11-02T20:30")
        #expect(!refused.succeeded)
        #expect(refused.standardError.contains("follows the letters course"), "\(refused.standardError)")
        #expect(scratch.progressBytes() == before)
    }

    @Test func aLessonGradedLateIsJudgedAgainstTheLevelOnTheDayItWasDone() throws {
        let scratch = try GradingScratch()
        let later = try scratch.lesson(level: 2, seed: 1)
        _ = try scratch.gradeJSON(later, copy: try scratch.perfectCopy(of: later), date: "2026-11-05T19:30")
        // Done on the 1st, graded after the 5th's: on the 1st the learner was at level 2, so it is the level-up.
        let earlier = try scratch.lesson(level: 2, seed: 2)
        let report = try scratch.gradeJSON(earlier, copy: try scratch.perfectCopy(of: earlier), date: "2026-11-01T19:30")
        #expect(report["levelDecision"] as? String == "up", "\(report["levelDecision"] ?? "-")")
        let text = try scratch.grade(earlier, copy: try scratch.perfectCopy(of: earlier), date: "2026-11-01T19:30", extra: ["--replace"])
        #expect(text.standardOutput.contains("Level up! Receive level 2 → 3"), "\(text.standardOutput)")
    }

    @Test func receiveOnMondayAndSendOnTuesdayAreAStreakOfTwo() throws {
        let scratch = try GradingScratch()
        let receive = try scratch.lesson(level: 2)
        let send = try scratch.lesson(level: 2, direction: .send)
        _ = try scratch.gradeJSON(receive, copy: try scratch.perfectCopy(of: receive), date: "2026-11-16T19:30")
        let report = try scratch.gradeJSON(send, copy: try scratch.perfectCopy(of: send), date: "2026-11-17T19:30")
        #expect(report["streak"] as? Int == 2)
        let status = try scratch.statusJSON(date: "2026-11-17")
        #expect(status["streak"] as? Int == 2)
        #expect((status["receive"] as? [String: Any])?["streak"] == nil, "the streak is the learner's, shown once")
        let text = try KochBinary.run(["status", "--progress", scratch.progressPath, "--date", "2026-11-17"], environment: ["TZ": "UTC"])
        #expect(text.standardOutput.components(separatedBy: "Streak:").count == 2, "\(text.standardOutput)")
        #expect(text.standardOutput.contains("Streak: 2 days"))
    }

    @Test func aLessonStoppedEarlyGradesOnlyWhatCameBefore() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, minutes: 5)
        let groups = try AnswerKeyFile.read(key).groups
        let heard = groups.filter { $0.endSeconds <= 120 }
        #expect(heard.count > 5 && heard.count < groups.count / 2)
        let copy = heard.map(\.text).joined(separator: " ")
        let whole = try scratch.gradeJSON(key, copy: copy, date: "2026-11-20T19:30", extra: ["--dry-run"])
        #expect((whole["accuracy"] as? Double ?? 1) < 0.5, "without --stopped-at the rest counts as missed")
        let report = try scratch.gradeJSON(key, copy: copy, date: "2026-11-20T19:30", extra: ["--stopped-at", "2:00"])
        #expect(report["accuracy"] as? Double == 1)
        #expect(report["sent"] as? Int == heard.map(\.text.count).reduce(0, +))
        #expect(report["stoppedAtSeconds"] as? Double == 120)
        #expect(report["leveledUp"] as? Bool == true)
        #expect(try scratch.sessions().first?.stoppedAtSeconds == 120)

        let text = try scratch.grade(key, copy: copy, date: "2026-11-20T19:30", extra: ["--stopped-at", "2:00", "--replace"])
        #expect(text.standardOutput.contains("Stopped at 2:00: graded the \(heard.count) of \(groups.count) groups"), "\(text.standardOutput)")
        let tooSoon = try scratch.grade(key, copy: copy, date: "2026-11-20T19:30", extra: ["--stopped-at", "0:02", "--replace"])
        #expect(!tooSoon.succeeded)
        #expect(tooSoon.standardError.contains("nothing of lesson"), "\(tooSoon.standardError)")
        let bad = try scratch.grade(key, copy: copy, date: "2026-11-20T19:30", extra: ["--stopped-at", "2:75"])
        #expect(!bad.succeeded)
    }

    @Test func aStopInTheMiddleOfAGroupLeavesThatGroupOut() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, minutes: 2)
        let groups = try AnswerKeyFile.read(key).groups
        // The first group sounding across a whole second past 0:20: stopped at that second.
        let sounding = try #require(groups.first { $0.startSeconds > 20 && ($0.startSeconds.rounded(.up) < $0.endSeconds) })
        let stop = sounding.startSeconds.rounded(.up)
        let before = groups.prefix { $0.number < sounding.number }
        let copy = before.map(\.text).joined(separator: " ")
        let report = try scratch.gradeJSON(key, copy: copy, date: "2026-11-20T19:30", extra: ["--stopped-at", "\(stop)", "--dry-run"])
        // The group still sounding is not counted missed: the copy of what was sent is whole.
        #expect(report["sent"] as? Int == before.map(\.text.count).reduce(0, +))
        #expect(report["accuracy"] as? Double == 1)
        let text = try scratch.grade(key, copy: copy, date: "2026-11-20T19:30", extra: ["--stopped-at", "\(stop)"])
        #expect(
            text.standardOutput.contains("graded the \(before.count) of \(groups.count) groups sent before then"), "\(text.standardOutput)")
        // Stopped in the first group: nothing was sent, and the message names where it ends.
        let first = try #require(groups.first)
        let tooSoon = try scratch.grade(
            key, copy: copy, date: "2026-11-20T19:30", extra: ["--stopped-at", "\((first.startSeconds + first.endSeconds) / 2)", "--replace"])
        #expect(!tooSoon.succeeded)
        #expect(tooSoon.standardError.contains("its first group ends at"), "\(tooSoon.standardError)")
    }

    @Test(arguments: ["grading", "send"])
    func anExampleFileOfFormatOneIsCarriedOver(name: String) throws {
        let fixture = KochBinary.packageRoot.appendingPathComponent("Tests/Fixtures/progress-format1/\(name).json")
        try checkCarriedOver(String(decoding: try Data(contentsOf: fixture), as: UTF8.self))
    }

    @Test func aFileOfHundredsOfFormatOneSessionsIsCarriedOver() throws {
        let start = Date(timeIntervalSince1970: 1_760_000_000)
        var kinds: [SessionKind] = []
        let sessions = (0..<400).map { index in
            let date = LocalTimestamp(date: start.addingTimeInterval(Double(index) * 86_400 * 0.7), utcOffsetSeconds: 3600)
            var session = GradedSession(
                lessonID: "R\(index)", direction: index % 3 == 0 ? .send : .receive, course: .letters, level: 2 + index % 20,
                date: date, gradedAt: date, sent: 100, correct: 60 + index % 41, inserted: index % 4,
                characters: [
                    "K": CharacterStatistics(attempts: 50, correct: 40, mistakenFor: ["M": 3]), "M": CharacterStatistics(attempts: 50, correct: 50),
                ])
            session.kind = index % 7 == 0 ? .other : .groups
            kinds.append(session.kind)
            return session
        }
        try checkCarriedOver(try formatOne(LearnerProgress(sessions: sessions)), kinds: kinds)
    }

    /// Writes `text` (a progress file of format 1), grades a lesson into it, and checks that every earlier
    /// session is written back byte for byte, with its kind added, in format 2.
    private func checkCarriedOver(_ text: String, kinds: [SessionKind]? = nil) throws {
        #expect(text.contains("\"formatVersion\" : 1"))
        let scratch = try GradingScratch()
        try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.progressPath))
        let statusBefore = try scratch.statusJSON(date: "2026-11-20")
        let key = try scratch.lesson(level: 2, seed: 99)
        let result = try scratch.grade(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-20T19:30")
        #expect(result.succeeded, "\(result.standardError)")
        let written = String(decoding: try #require(scratch.progressBytes()), as: UTF8.self)
        #expect(written.contains("\"formatVersion\" : 2"))
        // Format 1 without its `countsTowardLevel` lines is format 2 without its `kind` lines, session for session.
        let old = lines(text, without: "\"countsTowardLevel\"").map {
            $0.replacingOccurrences(of: "\"formatVersion\" : 1", with: "\"formatVersion\" : 2")
        }
        let new = lines(written, without: "\"kind\"")
        let kept = Array(old.dropLast(3))
        #expect(Array(new.prefix(kept.count)) == kept)
        #expect(new.count > kept.count && new[kept.count] == "    },")
        let recorded = try ProgressStore(path: scratch.progressPath).read().sessions
        if let kinds { #expect(recorded.dropLast().map(\.kind) == kinds) }
        #expect(recorded.last?.kind == .groups)
        // Levels and statistics worked out of the old sessions are the same before and after.
        let statusAfter = try scratch.statusJSON(date: "2026-11-20")
        let sendBefore = try #require(statusBefore["send"] as? [String: Any])
        let sendAfter = try #require(statusAfter["send"] as? [String: Any])
        for field in ["level", "sessions", "charactersSent", "accuracy"] {
            #expect("\(sendBefore[field] ?? "-")" == "\(sendAfter[field] ?? "-")", "\(field)")
        }
    }

    private func lines(_ text: String, without marker: String) -> [String] {
        text.trimmingCharacters(in: .newlines).components(separatedBy: "\n").filter { !$0.contains(marker) }
    }

    /// The text format 1 wrote: no `kind`, and `"countsTowardLevel" : false` after `correct` in a lesson that was not a level's.
    private func formatOne(_ progress: LearnerProgress) throws -> String {
        var index = -1
        var result: [String] = []
        for line in try ProgressStore.encode(progress).components(separatedBy: "\n") {
            if line == "    {" { index += 1 }
            if line.contains("\"kind\"") { continue }
            result.append(line.replacingOccurrences(of: "\"formatVersion\" : 2", with: "\"formatVersion\" : 1"))
            if line.hasPrefix("      \"correct\" : "), progress.sessions[index].kind == .other {
                result.append("      \"countsTowardLevel\" : false,")
            }
        }
        return result.joined(separator: "\n")
    }
}
