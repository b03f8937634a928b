import Foundation
import KochCore
import Testing

/// The progress report and the practice calendar, for a learner with real graded sessions.
@Suite struct ReportCommandTests {
    /// A learner who practised receive on three days and send on one.
    func learner() throws -> GradingScratch {
        let scratch = try GradingScratch()
        for (seed, date) in [(1, "2026-11-01T19:30"), (2, "2026-11-02T19:30"), (3, "2026-11-04T19:30")] {
            let key = try scratch.lesson(level: 2, seed: seed)
            // K copied as M now and then: a confusion to show.
            let groups = try scratch.perfectCopy(of: key)
            let copy = seed == 2 ? groups.replacingOccurrences(of: "KM", with: "MM") : groups
            _ = try scratch.gradeJSON(key, copy: copy, date: date, extra: ["--force"])
        }
        let send = try scratch.lesson(level: 2, seed: 9, direction: .send)
        _ = try scratch.gradeJSON(send, copy: try scratch.perfectCopy(of: send), date: "2026-11-03T08:00")
        return scratch
    }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func theReportDrawsEveryPartFromTheSessions() throws {
        let scratch = try learner()
        let page = scratch.folder + "/report.html"
        let result = try KochBinary.run(["report", "--progress", scratch.progressPath, "--out", page, "--date", "2026-11-05"])
        #expect(result.succeeded, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"), "self-contained")
        #expect(
            count("<svg", in: html) - count("<svg width", in: html) == 7, "levels, accuracy, two character grids, two charts by kind, the calendar")
        // The accuracy chart's legend is text of the page under it, its marks small pictures beside the words, not text on the data.
        let accuracy = try #require(html.components(separatedBy: "aria-labelledby=\"accuracy-title\"").last)
        let afterChart = try #require(accuracy.range(of: "</svg>"))
        let legend = String(accuracy[afterChart.upperBound...]).components(separatedBy: "</ul>")[0]
        #expect(legend.hasPrefix("\n<ul class=\"kind-legend chart-legend\">") && legend.contains("90 %: the next character"), "\(legend)")
        #expect(count("<svg width", in: html) == 3, "receive, send and the 90 % line in the legend")
        // The letters course: 26 cells per direction, each with its percentage or "not practised" for a screen reader.
        #expect(count("<g class=\"cell", in: html) == 52)
        #expect(html.contains("class=\"ring atLeast80\"") || html.contains("class=\"ring from50to79\""))
        #expect(html.contains("<title>Q (--.-): not practised</title>"))
        #expect(html.contains("Streak <b>"))
        #expect(html.contains("<td>K M</td><td>K taken for M "), "the confusion K taken for M")
        #expect(html.contains("90 %: the next character"))
        // Counted from the first session to the report's day, not over the calendar's weeks.
        #expect(
            html.contains("Practised on 4 of the 5 days since your first session, on 2026-11-01."),
            "\(html.components(separatedBy: "Practised").last?.prefix(60) ?? "")")
    }

    @Test func aLearnerWithNoSessionsIsToldKindly() throws {
        let scratch = try GradingScratch()
        let page = scratch.folder + "/report.html"
        let result = try KochBinary.run(["report", "--progress", scratch.progressPath, "--out", page])
        #expect(result.succeeded, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("No sessions yet"))
        #expect(!html.contains("<svg"), "no empty axes")
    }

    @Test func aTeacherMakesAReportForEachLearnerOfARoster() throws {
        let scratch = try learner()
        try "name, progress\nAnn Lee, progress.json\nBob, 5\n".write(toFile: scratch.folder + "/class.csv", atomically: true, encoding: .utf8)
        let result = try KochBinary.run(["report", "--roster", scratch.folder + "/class.csv", "--out", scratch.folder + "/reports"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch.folder + "/reports/ann-lee.html"))
        #expect(result.standardOutput.contains("Bob: no progress file"), "\(result.standardOutput)")
    }

    @Test func aLearnersReportPageIsNamedAsTheirFolderInAPackOfTheRoster() throws {
        let scratch = try learner()
        // Bob is at a level of the full course; two names make the same file name: the later keeps its line.
        try "name, progress\nAnn Lee, 5\nAnn-Lee, progress.json\nBob, 30\n".write(
            toFile: scratch.folder + "/class.csv", atomically: true, encoding: .utf8)
        let result = try KochBinary.run(["report", "--roster", scratch.folder + "/class.csv", "--out", scratch.folder + "/reports"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch.folder + "/reports/ann-lee-3.html"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Bob: no progress file"), "\(result.standardOutput)")
    }

    /// The calendar file's events as Python's icalendar package reads them: UID, start, summary.
    func events(_ path: String) throws -> [(uid: String, start: String, summary: String)] {
        let script = """
            import icalendar, sys
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            for event in calendar.walk('VEVENT'):
                print(event['UID'], event['DTSTART'].dt.strftime('%Y-%m-%dT%H:%M'), event['SUMMARY'], sep='\\t')
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "icalendar reads the file")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields[1], fields.count > 2 ? fields[2] : "")
        }
    }

    @Test func aReminderTimeAlreadyPastTodayStartsTheCalendarTomorrow() throws {
        let scratch = try GradingScratch()
        let ics = scratch.folder + "/morse.ics"
        func schedule(at now: String) throws -> (output: String, events: [(uid: String, start: String, summary: String)]) {
            let result = try KochBinary.run(
                ["schedule", "--ics", ics, "--progress", scratch.progressPath, "--at", "07:00", "--quiet-hours", "23:00-06:30"],
                environment: ["KOCH_NOW": now, "TZ": "UTC"])
            #expect(result.succeeded, "\(result.standardError)")
            return (result.standardOutput, try events(ics))
        }
        // A new learner is due now: at 07:30 today's 07:00 has gone by, so the first reminder is tomorrow's.
        let late = try schedule(at: "2026-11-28T07:30:00Z")
        #expect(late.events.map(\.start).min() == "2026-11-29T07:00", "\(late.events)")
        #expect(late.events.allSatisfy { $0.start > "2026-11-28T07:30" }, "\(late.events)")
        #expect(late.output.contains("It is past 07:00 today: the reminders start tomorrow, 2026-11-29, at 07:00."), "\(late.output)")
        // At 06:45 it is still to come.
        let early = try schedule(at: "2026-11-28T06:45:00Z")
        #expect(early.events.map(\.start).min() == "2026-11-28T07:00", "\(early.events)")
        #expect(!early.output.contains("It is past"), "\(early.output)")
    }

    @Test func theCalendarKeepsTheAntiNagRulesAndItsEventsMove() throws {
        let scratch = try learner()
        let ics = scratch.folder + "/morse.ics"
        let result = try KochBinary.run(["schedule", "--ics", ics, "--progress", scratch.progressPath, "--date", "2026-11-05"])
        #expect(result.succeeded, "\(result.standardError)")
        let first = try events(ics)
        #expect(first.count >= 2, "\(first)")
        let byDay = Dictionary(grouping: first) { String($0.start.prefix(10)) }
        for (_, day) in byDay {
            #expect(day.count <= 2, "at most two a day")
            let minutes = day.map { Int($0.start.dropFirst(11).prefix(2))! * 60 + Int($0.start.suffix(2))! }.sorted()
            if minutes.count == 2 { #expect(minutes[1] - minutes[0] >= 240, "four hours apart") }
            #expect(minutes.allSatisfy { $0 >= 8 * 60 && $0 < 22 * 60 }, "none in the quiet hours")
        }
        #expect(Set(first.map(\.uid)).count == first.count)

        // More practice: the receive reminder moves to its new day under the same UID.
        let key = try scratch.lesson(level: 3, seed: 21)
        _ = try scratch.gradeJSON(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-05T19:00")
        _ = try KochBinary.run(["schedule", "--ics", ics, "--progress", scratch.progressPath, "--date", "2026-11-05"])
        let second = try events(ics)
        let receiveBefore = try #require(first.first { $0.uid.hasPrefix("practice-receive-") })
        let receiveAfter = try #require(second.first { $0.uid == receiveBefore.uid })
        #expect(receiveAfter.start > receiveBefore.start, "\(receiveBefore.start) → \(receiveAfter.start)")

        let quiet = try KochBinary.run(["schedule", "--ics", ics, "--progress", scratch.progressPath, "--at", "23:00"])
        #expect(!quiet.succeeded && quiet.standardError.contains("quiet hours"))
        let early = try KochBinary.run([
            "schedule", "--ics", ics, "--progress", scratch.progressPath, "--at", "07:00", "--quiet-hours", "23:00-06:30",
            "--date", "2026-11-05",
        ])
        #expect(early.succeeded, "\(early.standardError)")
        #expect(try events(ics).allSatisfy { $0.start.hasSuffix("07:00") || $0.start.hasSuffix("11:00") })
    }
}
