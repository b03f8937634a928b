import Foundation
import KochCore
import KochIO
import KochTestSupport
import Testing

/// A learner's fist followed week by week: send lessons graded from a recording and from logs of
/// a straight key, on three weeks, shown by `koch status --json` and drawn by `koch report`.
@Suite struct FistOverTimeCommandTests {
    /// A straight-key log of `groups` at `wpm`, dahs of `dahDits`, every length a little uneven.
    static func straightKeyLog(_ groups: [String], wpm: Double, dahDits: Double, seed: UInt64) -> String {
        let unit = Timing.unitSeconds(wpm: wpm)
        var generator = SeededGenerator(seed: seed)
        func uneven(_ seconds: Double) -> Double { seconds * (1 + 0.06 * (2 * generator.nextUnit() - 1)) }
        var time = 0.5
        var lines: [String] = []
        for group in groups {
            for character in group {
                for element in KeyerCommandTests.patterns[character] ?? "" {
                    let length = uneven(unit * (element == "." ? 1 : dahDits))
                    lines.append(String(format: "%.4f key down\n%.4f key up", time, time + length))
                    time += length + uneven(unit)
                }
                time += uneven(2 * unit)
            }
            time += uneven(4 * unit)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func grade(_ scratch: GradingScratch, key: String, _ input: [String], date: String) throws {
        let result = try KochBinary.run(
            ["grade", "--key", key, "--progress", scratch.progressPath, "--date", date] + input, environment: ["TZ": "UTC"])
        guard result.succeeded else { throw CommandFailed(result: result) }
    }

    /// A learner whose dahs shrink over three weeks: a recording of even keying in the week of
    /// 9 November, a straight key with dahs of 2.6 dits the week after, and of 2.2 the week of 23 November.
    func shrinkingDahs() throws -> GradingScratch {
        let scratch = try GradingScratch()
        let first = try scratch.lesson(level: 2, seed: 11, direction: .send)
        let audio = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(try AnswerKeyFile.read(first).sentText, to: audio, jitter: 0.04)
        try grade(scratch, key: first, ["--audio", audio], date: "2026-11-10T19:30")
        for (seed, dahDits, date) in [(12, 2.6, "2026-11-17T19:30"), (13, 2.2, "2026-11-24T19:30")] {
            let key = try scratch.lesson(level: 2, seed: seed, direction: .send)
            let groups = try AnswerKeyFile.read(key).groups.map(\.text)
            let log = try scratch.transcript(Self.straightKeyLog(groups, wpm: 18, dahDits: dahDits, seed: UInt64(seed)), name: "key-\(seed).txt")
            try grade(scratch, key: key, ["--events", log], date: date)
        }
        return scratch
    }

    @Test func statusFollowsTheFistWeekByWeekAndAdvisesOnTheLatest() throws {
        let scratch = try shrinkingDahs()
        // Every one of the three send sessions keeps how it was keyed, the recording's too.
        #expect(try scratch.sessions().map { $0.keying != nil } == [true, true, true])

        let status = try scratch.statusJSON(date: "2026-11-28")
        let send = try #require(status["send"] as? [String: Any])
        let fist = try #require(send["fist"] as? [String: Any])
        #expect((status["receive"] as? [String: Any])?["fist"] == nil, "the fist is the send direction's")
        let weeks = try #require(fist["weeks"] as? [[String: Any]])
        #expect(weeks.map { $0["week"] as? String } == ["2026-W46", "2026-W47", "2026-W48"])
        #expect(weeks.map { $0["weekStart"] as? String } == ["2026-11-09", "2026-11-16", "2026-11-23"])
        #expect(weeks.map { $0["sessions"] as? Int } == [1, 1, 1])
        let ratios = weeks.compactMap { $0["dahToDitRatio"] as? Double }
        #expect(ratios.count == 3)
        for (ratio, keyed) in zip(ratios, [3.0, 2.6, 2.2]) { #expect(abs(ratio - keyed) < 0.15, "\(ratios)") }
        #expect(ratios == ratios.sorted(by: >), "the dahs shrink week by week")
        for week in weeks {
            #expect((week["marks"] as? Int ?? 0) > 20)
            #expect((week["characterGaps"] as? [String: Any])?["meanDits"] as? Double != nil)
            #expect(week["steadinessPercent"] as? Double != nil)
            #expect((week["targets"] as? [String: Any])?["dahToDitRatio"] as? Double == 3)
        }
        let advice = try #require(fist["latestAdvice"] as? [[String: Any]])
        let sentences = advice.compactMap { $0["sentence"] as? String }
        #expect(advice.first?["kind"] as? String == "shortDahs", "\(sentences)")
        #expect(sentences.first?.hasPrefix("Your dahs are short: 2.") == true, "\(sentences)")

        // As of the second week, the third is not there yet, and its dahs of 2.6 are within tolerance.
        let earlier = try scratch.statusJSON(date: "2026-11-20")
        let earlierFist = try #require((earlier["send"] as? [String: Any])?["fist"] as? [String: Any])
        #expect((earlierFist["weeks"] as? [[String: Any]])?.count == 2)
        #expect(((earlierFist["latestAdvice"] as? [[String: Any]]) ?? [["kind": "missing"]]).allSatisfy { $0["kind"] as? String != "shortDahs" })
    }

    @Test func theReportDrawsTheFistOverTimeWithTheLatestWeeksAdvice() throws {
        let scratch = try shrinkingDahs()
        let page = scratch.folder + "/report.html"
        let result = try KochBinary.run(["report", "--progress", scratch.progressPath, "--out", page, "--date", "2026-11-28"])
        #expect(result.succeeded, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"), "self-contained")
        #expect(html.contains("Your fist over time"))
        #expect(html.components(separatedBy: "<svg class=\"fist\"").count - 1 == 4, "ratio, gaps, speed and steadiness")
        #expect(html.contains("<title id=\"fist-ratio-title\">Dah length in dits by week"))
        #expect(html.contains("a dah: 3 dits"), "the target line")
        // A point a week, each with its figure for a screen reader, and a table row a week.
        #expect(html.contains("2026-W46 (from 2026-11-09): dahs "))
        #expect(html.contains("<td class=\"week\">2026-W48<br><small>2026-11-23</small></td>"))
        #expect(html.contains("<td class=\"week\">2026-W46<br><small>2026-11-09</small></td>"))
        #expect(html.contains("Advice on your latest week, 2026-W48 (from 2026-11-23)"))
        #expect(html.contains("<p class=\"advice\">Your dahs are short: 2."), "\(html.components(separatedBy: "Advice on").last?.prefix(300) ?? "")")
        #expect(!html.contains("No send session with a keying yet"))
    }

    @Test func aSendLessonPractisedLiveCountsForTheFist() throws {
        let scratch = try GradingScratch()
        let text = Array(repeating: "PARIS", count: 5).joined(separator: " ")
        let key = try PracticeKeyingTests.exercise(text, in: scratch.folder)
        let fifo = scratch.folder + "/paddle"
        try KeyEventFeed.makeFIFO(fifo)
        let done = DispatchSemaphore(value: 0)
        KeyEventFeed.play(KeyEventFeed.paddle(text, wpm: 20), into: fifo, done: done)
        let result = try KochBinary.run([
            "practice", "send", "--key", key, "--key-device", fifo, "--sound-device", "null", "--progress", scratch.progressPath,
        ])
        done.wait()
        #expect(result.succeeded, "\(result.standardOutput)\n\(result.standardError)")
        let session = try #require(try scratch.sessions().first)
        #expect(session.live)
        #expect(session.keying != nil, "a live keying keeps its figures")

        let fist = try #require((try scratch.statusJSON(date: "2026-11-28")["send"] as? [String: Any])?["fist"] as? [String: Any])
        let weeks = try #require(fist["weeks"] as? [[String: Any]])
        #expect(weeks.map { $0["week"] as? String } == ["2026-W48"])
        // The keyer times a paddle's elements: dahs of 3 dits, at the 20 WPM keyed.
        #expect(abs((weeks.first?["dahToDitRatio"] as? Double ?? 0) - 3) < 0.1, "\(weeks)")
        #expect(abs((weeks.first?["speedWPM"] as? Double ?? 0) - 20) < 1, "\(weeks)")
    }

    @Test func aLearnerWithoutAKeyingIsToldHowToGetOne() throws {
        let scratch = try GradingScratch()
        let send = try scratch.lesson(level: 2, seed: 9, direction: .send)
        _ = try scratch.gradeJSON(send, copy: try scratch.perfectCopy(of: send), date: "2026-11-20T08:00")
        let fist = try #require((try scratch.statusJSON(date: "2026-11-28")["send"] as? [String: Any])?["fist"] as? [String: Any])
        #expect((fist["weeks"] as? [Any])?.isEmpty == true)
        #expect(fist["latestAdvice"] == nil, "no advice without a keying to base it on")

        let page = scratch.folder + "/report.html"
        let result = try KochBinary.run(["report", "--progress", scratch.progressPath, "--out", page, "--date", "2026-11-28"])
        #expect(result.succeeded, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("No send session with a keying yet"))
        #expect(html.contains("--audio keying.wav") && html.contains("--events") && html.contains("koch practice send"))
        #expect(!html.contains("<svg class=\"fist\""), "no empty axes")
    }
}
