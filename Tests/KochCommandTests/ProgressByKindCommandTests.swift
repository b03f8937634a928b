import Foundation
import KochCore
import KochIO
import Testing

/// `koch status --json` and `koch report` by kind of practice week by week, and per character,
/// for a learner's sessions of several kinds over three weeks.
@Suite struct ProgressByKindCommandTests {
    /// One session of the file; `keying` maps a character to its count, mean and standard seconds.
    static func session(
        _ id: String, _ direction: String, _ kind: String, _ date: String, sent: Int, correct: Int, inserted: Int = 0,
        characters: [String: (attempts: Int, correct: Int)], keying: [String: (count: Int, mean: Double, standard: Double)] = [:],
        live: Bool = false, partial: Bool = false
    ) -> String {
        let counts = characters.sorted { $0.key < $1.key }.map {
            "\"\($0.key)\": {\"attempts\": \($0.value.attempts), \"correct\": \($0.value.correct)}"
        }
        var fields = [
            "\"lessonID\": \"\(id)\"", "\"direction\": \"\(direction)\"", "\"course\": \"letters\"", "\"level\": 2", "\"kind\": \"\(kind)\"",
            "\"date\": \"\(date)T19:30:00Z\"", "\"gradedAt\": \"\(date)T19:40:00Z\"", "\"sent\": \(sent)", "\"correct\": \(correct)",
            "\"inserted\": \(inserted)", "\"characters\": {\(counts.joined(separator: ", "))}",
        ]
        if live { fields.append("\"live\": true") }
        if partial { fields.append("\"partial\": true") }
        if !keying.isEmpty {
            let times = keying.sorted { $0.key < $1.key }.map {
                "\"\($0.key)\": {\"count\": \($0.value.count), \"meanSeconds\": \($0.value.mean), \"standardSeconds\": \($0.value.standard)}"
            }
            fields.append(
                """
                "keying": {"speedWPM": 18, "effectiveSpeedWPM": 15, "dits": {"count": 30, "meanDits": 1}, "ambiguous": 0,
                "targets": {"dahToDitRatio": 3, "intraCharacterGapDits": 1, "characterGapDits": 3, "wordGapDits": 7,
                "characterSpeedWPM": 20, "effectiveSpeedWPM": 20}, "characters": {\(times.joined(separator: ", "))}}
                """)
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Receive: level lessons, words, a live lesson, a spoken lesson, a partial QSO copy and
    /// callsigns over the weeks of 2 (W45), 9 (W46) and 16 November 2026 (W47); send: a level
    /// lesson keyed at 20 WPM and a live drill at 18 WPM, both timed.
    static let sessions = [
        session("R1", "receive", "groups", "2026-11-02", sent: 20, correct: 18, characters: ["K": (10, 9), "M": (10, 9)]),
        session("R2", "receive", "words", "2026-11-04", sent: 10, correct: 8, inserted: 2, characters: ["K": (6, 5), "M": (4, 3)]),
        session("R3", "receive", "groups", "2026-11-10", sent: 10, correct: 10, characters: ["K": (5, 5), "M": (5, 5)], live: true),
        session("R4", "receive", "spoken", "2026-11-11", sent: 12, correct: 9, characters: [:]),
        session("R5", "receive", "qso", "2026-11-12", sent: 40, correct: 5, characters: ["K": (40, 5)], partial: true),
        session("R6", "receive", "callsigns", "2026-11-17", sent: 10, correct: 6, characters: ["K": (4, 2), "M": (2, 2), "5": (4, 2)]),
        session(
            "S1", "send", "groups", "2026-11-03", sent: 20, correct: 19, characters: ["K": (10, 10), "M": (10, 9)],
            keying: ["K": (10, 0.6, 0.54), "M": (9, 0.4, 0.42)]),
        session("S2", "send", "drill", "2026-11-18", sent: 10, correct: 10, characters: ["K": (10, 10)], keying: ["K": (10, 0.8, 0.6)], live: true),
    ]

    func learner() throws -> GradingScratch {
        let scratch = try GradingScratch()
        let file = "{\"formatVersion\": 4, \"sessions\": [\n" + Self.sessions.joined(separator: ",\n") + "\n]}\n"
        try file.write(toFile: scratch.progressPath, atomically: true, encoding: .utf8)
        return scratch
    }

    func dictionaries(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }

    @Test func statusGivesEachWeeksAccuracyByKindWithLivePracticeApartAndSpokenInItems() throws {
        let status = try learner().statusJSON(date: "2026-11-20")
        let receive = try #require(status["receive"] as? [String: Any])
        let weeks = dictionaries(receive["byKind"])
        #expect(weeks.map { $0["week"] as? String } == ["2026-W45", "2026-W46", "2026-W47"])
        #expect(weeks.map { $0["weekStart"] as? String } == ["2026-11-02", "2026-11-09", "2026-11-16"])
        let first = dictionaries(weeks.first?["kinds"])
        #expect(first.map { $0["kind"] as? String } == ["groups", "words"])
        #expect(first.first?["sessions"] as? Int == 1 && first.first?["charactersSent"] as? Int == 20)
        #expect(first.first?["charactersCorrect"] as? Int == 18 && first.first?["accuracy"] as? Double == 0.9)
        // 8 right of 10 sent with 2 inserted: 8 / 12.
        #expect(first.last?["inserted"] as? Int == 2 && first.last?["accuracy"] as? Double == 0.6667)
        // The live level lesson counts as live only; the spoken lesson in items; the partial QSO copy not at all.
        let second = dictionaries(weeks[1]["kinds"])
        #expect(second.map { $0["kind"] as? String } == ["spoken", "live"])
        #expect(second.first?["items"] as? Int == 12 && second.first?["itemsRight"] as? Int == 9 && second.first?["charactersSent"] == nil)
        #expect(second.first?["accuracy"] as? Double == 0.75)
        #expect(second.last?["charactersSent"] as? Int == 10 && second.last?["accuracy"] as? Double == 1)
        #expect(dictionaries(weeks[2]["kinds"]).map { $0["accuracy"] as? Double } == [0.6])

        let send = try #require(status["send"] as? [String: Any])
        let sendWeeks = dictionaries(send["byKind"])
        #expect(sendWeeks.map { $0["week"] as? String } == ["2026-W45", "2026-W47"], "no entry for a week without practice")
        #expect(sendWeeks.flatMap { dictionaries($0["kinds"]).map { $0["kind"] as? String } } == ["groups", "live"])
        #expect(receive["sessions"] as? Int == 6 && receive["charactersSent"] as? Int == 50, "the existing figures stay as they were")
    }

    @Test func statusGivesEachCharactersAttemptsLastDayAndKeyingTimeAgainstTheStandard() throws {
        let status = try learner().statusJSON(date: "2026-11-20")
        let receive = dictionaries((status["receive"] as? [String: Any])?["characters"])
        #expect(receive.map { $0["character"] as? String } == ["K", "M", "5"])
        // K: 10 + 6 + 5 + 4 sent, 9 + 5 + 5 + 2 right (the partial copy left out).
        #expect(receive[0]["attempts"] as? Int == 25 && receive[0]["correct"] as? Int == 21 && receive[0]["accuracy"] as? Double == 0.84)
        #expect(receive[0]["lastPractised"] as? String == "2026-11-17" && receive[0]["keying"] == nil)
        #expect(receive[1]["attempts"] as? Int == 21 && receive[1]["accuracy"] as? Double == 0.9048)

        let send = dictionaries((status["send"] as? [String: Any])?["characters"])
        #expect(send.map { $0["character"] as? String } == ["K", "M"])
        let k = try #require(send.first?["keying"] as? [String: Any])
        // 10 × 0.6 and 10 × 0.8 s against 10 × 0.54 and 10 × 0.6 s; the ratio is each session's, averaged:
        // (10 × 0.6 / 0.54 + 10 × 0.8 / 0.6) / 20 = 1.222, not 0.7 / 0.57.
        #expect(k["timed"] as? Int == 20 && k["meanSeconds"] as? Double == 0.7 && k["standardSeconds"] as? Double == 0.57)
        #expect(k["ratio"] as? Double == 1.222)
        #expect(send[0]["lastPractised"] as? String == "2026-11-18")
        let m = try #require(send.last?["keying"] as? [String: Any])
        #expect(m["timed"] as? Int == 9 && m["ratio"] as? Double == 0.952)
        #expect(send.last?["lastPractised"] as? String == "2026-11-03" && send.last?["accuracy"] as? Double == 0.9)
    }

    @Test func plainStatusSaysThisWeeksAccuracyByKind() throws {
        let scratch = try learner()
        let result = try KochBinary.run(["status", "--progress", scratch.progressPath, "--date", "2026-11-18"], environment: ["TZ": "UTC"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("  This week (2026-W47): callsigns 60 % (1 session)\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("  This week (2026-W47): live 100 % (1 session)\n"), "\(result.standardOutput)")
        let quiet = try KochBinary.run(["status", "--progress", scratch.progressPath, "--date", "2026-11-28"], environment: ["TZ": "UTC"])
        #expect(!quiet.standardOutput.contains("This week"), "no practice this week: no line")
    }

    @Test func theReportShowsTheKindsWeekByWeekAndTheCharactersWithTheirKeyingTime() throws {
        let scratch = try learner()
        let page = scratch.folder + "/report.html"
        let result = try KochBinary.run(["report", "--progress", scratch.progressPath, "--out", page, "--date", "2026-11-20"])
        #expect(result.succeeded, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("<script"), "self-contained")
        #expect(
            html.contains("<h3>Receive: by kind of practice, week by week</h3>") && html.contains("<h3>Send: by kind of practice, week by week</h3>"))
        // A line per kind: receive level lessons, words, spoken, live, callsigns; send level lessons and live.
        #expect(html.components(separatedBy: "<polyline class=\"kind-line").count - 1 == 7)
        #expect(html.contains("<polyline class=\"kind-line k-spoken self-scored-line\""))
        #expect(html.contains("<li><span class=\"swatch k-live\"></span>live</li>"))
        #expect(html.contains("<title>receive 2026-W45: words 67 % (1 session, 10 characters)</title>"))
        #expect(html.contains("<tr><td>2026-W46</td><td>spoken (self-scored)</td><td>1</td><td>12 items</td><td>75 %</td></tr>"))
        #expect(html.contains("<tr><td>2026-W47</td><td>callsigns</td><td>1</td><td>10</td><td>60 %</td></tr>"))
        #expect(html.contains("<tr><td>K</td><td>25</td><td>21</td><td>84 %</td><td>2026-11-17</td></tr>"), "receive: no keying column")
        #expect(
            html.contains(
                "<tr><td>K</td><td>20</td><td>20</td><td>100 %</td><td>2026-11-18</td><td>20</td><td>0.70 s (standard 0.57 s, +22 %)</td></tr>"))
        #expect(html.contains("<td>9</td><td>0.40 s (standard 0.42 s, -5 %)</td>"))
    }

    @Test func theReportSaysSoWhenTheLastTwelveWeeksHoldNoPractice() throws {
        let scratch = try learner()
        let page = scratch.folder + "/report.html"
        let result = try KochBinary.run(["report", "--progress", scratch.progressPath, "--out", page, "--date", "2027-03-01"])
        #expect(result.succeeded, "\(result.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<p>No receive practice to show by kind in the last 12 weeks.</p>"))
        #expect(!html.contains("<polyline class=\"kind-line"), "no empty chart")
        #expect(html.contains("<tr><td>K</td><td>25</td><td>21</td><td>84 %</td><td>2026-11-17</td></tr>"), "the characters stay")
    }

    @Test func aSendLessonGradedFromAPaddleLogTimesEachCharacterForStatusAndReport() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 6, seed: 3, minutes: 1, direction: .send)
        let answer = try AnswerKeyFile.read(key)
        let groups = answer.groups.map(\.text)
        let log = try scratch.transcript(KeyerCommandTests.paddleLog(groups, wpm: 20), name: "paddles.txt")
        let graded = try KochBinary.run(["grade", "--key", key, "--events", log, "--progress", scratch.progressPath, "--date", "2026-11-20T19:30"])
        #expect(graded.succeeded, "\(graded.standardError)")

        let status = try scratch.statusJSON(date: "2026-11-20")
        let send = try #require(status["send"] as? [String: Any])
        #expect(dictionaries(send["byKind"]).map { $0["week"] as? String } == ["2026-W47"])
        let characters = dictionaries(send["characters"])
        let k = try #require(characters.first { $0["character"] as? String == "K" })
        let keyed = groups.joined().filter { $0 == "K" }.count
        #expect(k["attempts"] as? Int == keyed && k["lastPractised"] as? String == "2026-11-20")
        let keying = try #require(k["keying"] as? [String: Any])
        let standard = try #require(CharacterKeyingTime.standardSeconds(of: "K", timing: answer.settings.timing))
        #expect(keying["timed"] as? Int == keyed, "every K keyed right was timed")
        #expect(abs((keying["standardSeconds"] as? Double ?? 0) - standard) < 0.001)
        let mean = try #require(keying["meanSeconds"] as? Double)
        #expect(mean > 0 && abs((keying["ratio"] as? Double ?? 0) - mean / standard) < 0.002, "one speed: the ratio is the quotient")

        let page = scratch.folder + "/report.html"
        let report = try KochBinary.run(["report", "--progress", scratch.progressPath, "--out", page, "--date", "2026-11-20"])
        #expect(report.succeeded, "\(report.standardError)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<tr><td>K</td><td>\(keyed)</td><td>\(keyed)</td><td>100 %</td><td>2026-11-20</td><td>"))
        #expect(html.contains("<td>2026-11-20</td><td>\(keyed)</td><td>") && html.contains("(standard "))
    }
}
