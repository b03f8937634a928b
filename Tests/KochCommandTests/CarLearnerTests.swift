import Foundation
import Testing

/// A learner who practises in the car: spoken lessons scored by their own count, which keep the
/// streak and the schedule but never the level. What status, report and calendar tell them.
@Suite struct CarLearnerTests {
    struct Learner {
        let folder: String
        var progress: String { folder + "/progress.json" }
    }

    /// Spoken lessons at level 5, each scored with every item right, one on each of `days` at 19:00.
    func carLearner(days: [String]) throws -> Learner {
        let learner = Learner(folder: try KochBinary.scratchFolder())
        for (index, day) in days.enumerated() {
            let lessons = learner.folder + "/lessons-\(index)"
            let made = try KochBinary.run(
                [
                    "lesson", "--level", "5", "--minutes", "1", "--seed", "\(40 + index)", "--format", "none", "--speak", "after", "--out", lessons,
                    "--progress", learner.progress,
                ])
            #expect(made.succeeded, "\(made.standardError)")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: lessons).first { $0.hasSuffix(".key.json") })
            let key = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lessons + "/" + name))) as? [String: Any])
            let items = try #require(key["groups"] as? [[String: Any]]).count
            let graded = try KochBinary.run(
                ["grade", "--key", lessons + "/" + name, "--heard", "\(items)", "--progress", learner.progress, "--date", day + "T19:00"])
            #expect(graded.succeeded, "\(graded.standardError)")
        }
        return learner
    }

    @Test func statusSaysWhatUnlocksTheNextCharacterAndHasNoAccuracyToGive() throws {
        let learner = try carLearner(days: ["2026-11-26", "2026-11-27"])
        let status = try KochBinary.run(["status", "--progress", learner.progress])
        #expect(status.succeeded, "\(status.standardError)")
        #expect(status.standardOutput.contains("To unlock R, copy a lesson on paper or a keyboard and grade it"), "\(status.standardOutput)")
        #expect(status.standardOutput.contains("Accuracy: none yet (2 sessions, none of them a graded copy)"), "\(status.standardOutput)")
        #expect(!status.standardOutput.contains("0 of 0"), "\(status.standardOutput)")
        let json = try KochBinary.run(["status", "--progress", learner.progress, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let selfScored = try #require(report["selfScored"] as? [String: Any])
        #expect((selfScored["advice"] as? String)?.hasPrefix("To unlock R,") == true, "\(selfScored)")
    }

    @Test func theReportDrawsSelfScoredSessionsApartAndSaysWhatMovesTheLevel() throws {
        let learner = try carLearner(days: ["2026-11-26", "2026-11-27"])
        let page = learner.folder + "/report.html"
        let result = try KochBinary.run(["report", "--progress", learner.progress, "--out", page])
        #expect(result.succeeded, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Two sessions as hollow diamonds, and the legend's own diamond; no receive circle on the accuracy chart.
        #expect(html.components(separatedBy: "<path class=\"self-scored\"").count - 1 == 3)
        #expect(html.contains("self-scored spoken lesson: does not count for the 90 % line"))
        #expect(!html.contains("self-scored)</title></circle>"), "a self-scored point is not drawn as a level lesson")
        #expect(html.contains("To unlock R, copy a lesson on paper or a keyboard and grade it"))
        // The level once, not once a session; the days since the first session, not the calendar's 16 weeks.
        #expect(html.contains("Receive: level 2 from 2026-11-26.</p>"), "\(html.components(separatedBy: "kind-note").dropFirst().first ?? "")")
        #expect(html.contains("Practised on 2 of the 3 days since your first session, on 2026-11-26."))
    }

    @Test func theCalendarHoldsTheComingDaysOfBothDirectionsAndNoNagOnASafeDay() throws {
        let learner = try carLearner(days: ["2026-11-25", "2026-11-26", "2026-11-27"])
        let ics = learner.folder + "/morse.ics"
        let schedule = try KochBinary.run(["schedule", "--ics", ics, "--progress", learner.progress])
        #expect(schedule.succeeded, "\(schedule.standardError)")
        let events = try ReportCommandTests().events(ics)
        // Send has no level lesson yet: due now, as status says, so an event today.
        #expect(events.contains { $0.uid.hasPrefix("practice-send-") && $0.start.hasPrefix("2026-11-28") }, "\(events)")
        // Receive: every practice day of the next four weeks, not only the next.
        let receive = events.filter { $0.uid.hasPrefix("practice-receive") }
        #expect(receive.count >= 10, "\(receive)")
        #expect(receive.first?.start.hasPrefix("2026-11-29") == true, "\(receive)")
        for (_, day) in Dictionary(grouping: events, by: { String($0.start.prefix(10)) }) {
            #expect(day.count <= 2, "at most two a day")
        }
        // A three-day streak that is safe until tomorrow's due day: no "practise today" today.
        #expect(!events.contains { $0.summary.contains("streak") }, "\(events)")
        let status = try KochBinary.run(["status", "--progress", learner.progress])
        #expect(status.standardOutput.contains("(tomorrow)"), "\(status.standardOutput)")

        let tomorrow = try KochBinary.run(["schedule", "--ics", ics, "--progress", learner.progress, "--date", "2026-11-29"])
        #expect(tomorrow.succeeded, "\(tomorrow.standardError)")
        let atStake = try ReportCommandTests().events(ics)
        #expect(
            atStake.contains { $0.start.hasPrefix("2026-11-29") && $0.summary.contains("Keep your 3-day Morse streak") }
                || tomorrow.standardOutput.contains("Keep your 3-day Morse streak"), "\(tomorrow.standardOutput)")
    }

    /// A character the decoder could not read in a recording of the learner's keying is kept as `*`:
    /// status says so in words.
    @Test func aCharacterKeyedUnreadablyIsSaidSoNotShownAsAStar() throws {
        let folder = try KochBinary.scratchFolder()
        let progress = folder + "/progress.json"
        let session = """
            {"formatVersion": 2, "sessions": [{"characters": {"K": {"attempts": 14, "correct": 14},
              "M": {"attempts": 14, "correct": 13, "mistakenFor": {"*": 1}}}, "correct": 27, "course": "letters",
              "date": "2026-11-27T19:30:00+00:00", "direction": "send", "gradedAt": "2026-11-27T19:40:00+00:00", "inserted": 0,
              "kind": "groups", "lessonID": "S02-0123456789ab", "level": 2, "sent": 28}]}
            """
        try session.write(toFile: progress, atomically: true, encoding: .utf8)
        let status = try KochBinary.run(["status", "--progress", progress])
        #expect(status.succeeded, "\(status.standardError)")
        #expect(status.standardOutput.contains("M 92.9 % (unreadable when keyed)"), "\(status.standardOutput)")
        #expect(!status.standardOutput.contains("(as *)"))
    }
}
