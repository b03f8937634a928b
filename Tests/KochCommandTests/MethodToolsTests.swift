import Foundation
import KochCore
import KochIO
import Testing

/// The method's tools around the progress file: the course chart, starting
/// over, QSO styles that follow the level, packs of send exercises, and the
/// new character's pattern on the sheets.
@Suite struct MethodToolsTests {
    /// A learner at receive level 3 and send level 2.
    func learnerAtReceiveLevelThree() throws -> GradingScratch {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2)
        _ = try scratch.gradeJSON(key, copy: try scratch.perfectCopy(of: key), date: "2026-11-20T19:30")
        let send = try scratch.lesson(level: 2, direction: .send)
        _ = try scratch.gradeJSON(send, copy: try scratch.poorCopy(of: send), date: "2026-11-20T19:40")
        return scratch
    }

    @Test func theChartMarksTheUnlockedCharactersInEachDirection() throws {
        let scratch = try learnerAtReceiveLevelThree()
        let result = try KochBinary.run(["chart", "--progress", scratch.progressPath])
        #expect(result.succeeded, "\(result.standardError)")
        let rows = result.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }
        #expect(rows.count == 26, "\(result.standardOutput)")
        func row(_ character: String) -> [String] {
            rows.first { $0.split(separator: " ").dropFirst().first == Substring(character) }?.split(separator: " ").map(String.init) ?? []
        }
        #expect(row("K") == ["2", "K", "-.-", "R", "S"])
        #expect(row("R") == ["3", "R", ".-.", "R", "·"])
        #expect(row("S") == ["4", "S", "...", "·", "·"])
        #expect(row("X") == ["26", "X", "-..-", "·", "·"])
        let full = try KochBinary.run(["chart", "--course", "full", "--progress", scratch.progressPath])
        #expect(full.standardOutput.contains("-...-"), "= and its pattern")
        #expect(full.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }.count == 41)
    }

    @Test func resetAsksFirstThenKeepsADatedCopy() throws {
        let scratch = try learnerAtReceiveLevelThree()
        let before = try #require(scratch.progressBytes())
        let asked = try KochBinary.run(["reset", "--progress", scratch.progressPath])
        #expect(!asked.succeeded)
        #expect(asked.standardError.contains("--yes") && asked.standardError.contains("2 sessions"), "\(asked.standardError)")
        #expect(scratch.progressBytes() == before)

        let result = try KochBinary.run(["reset", "--direction", "receive", "--yes", "--progress", scratch.progressPath])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(try scratch.sessions().map(\.direction) == [.send])
        let copies = try FileManager.default.contentsOfDirectory(atPath: scratch.folder).filter { $0.hasPrefix("progress-") && $0.hasSuffix(".json") }
        #expect(copies.count == 1)
        #expect(FileManager.default.contents(atPath: scratch.folder + "/" + (copies.first ?? "")) == before, "the copy is the file as it was")
        #expect(result.standardOutput.contains(copies.first ?? "-"))
        let status = try scratch.statusJSON(date: "2026-11-20")
        #expect((status["receive"] as? [String: Any])?["level"] as? Int == 2)

        _ = try KochBinary.run(["reset", "--yes", "--progress", scratch.progressPath])
        #expect(try scratch.sessions().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder).filter { $0.hasPrefix("progress-") }.count == 2)
    }

    @Test(arguments: [(2, "first-contact"), (10, "signal-report"), (17, "contest"), (26, "rag-chew")])
    func theQSOStyleFollowsTheLevel(level: Int, style: String) throws {
        let scratch = try GradingScratch()
        let result = try KochBinary.run([
            "lesson", "--kind", "qso", "--level", "\(level)", "--minutes", "1", "--seed", "3", "--format", "none",
            "--out", scratch.folder + "/qso", "--progress", scratch.progressPath,
        ])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("QSO style \(style)"), "\(result.standardOutput)")
        let chosen = try KochBinary.run([
            "lesson", "--kind", "qso", "--qso-style", "contest", "--level", "\(level)", "--minutes", "1",
            "--format", "none", "--out", scratch.folder + "/chosen", "--progress", scratch.progressPath,
        ])
        #expect(chosen.succeeded, "\(chosen.standardError)")
        #expect(!chosen.standardOutput.contains("QSO style"), "a style chosen is not announced as the level's")
    }

    @Test func aPackOfSendExercisesHasSheetsToKeyFrom() throws {
        let scratch = try learnerAtReceiveLevelThree()
        try "name, progress\nAnn, progress.json\nBob, 6\n".write(toFile: scratch.folder + "/class.csv", atomically: true, encoding: .utf8)
        let out = scratch.folder + "/pack"
        let result = try KochBinary.run([
            "pack", "--roster", scratch.folder + "/class.csv", "--direction", "send", "--per-level", "1",
            "--minutes", "0.5", "--seed", "2", "--format", "wav", "--out", out,
        ])
        #expect(result.succeeded, "\(result.standardError)")
        let ann = out + "/learner-ann"
        let files = try FileManager.default.contentsOfDirectory(atPath: ann)
        let sheet = try #require(files.first { $0.hasSuffix(".sheet.txt") })
        #expect(sheet.hasPrefix("koch-send-level02-"), "Ann's send level is 2 (her receive level is 3): \(files)")
        let pages = try String(contentsOfFile: ann + "/sheets.html", encoding: .utf8)
        // A roster's pack keeps the keys in teacher/: the page asks for the recording back, not for a key Ann does not have.
        #expect(pages.contains("Send ·") && pages.contains("give the recording to your teacher"), "a page to key from")
        #expect(!pages.contains("koch grade --key"))
        #expect(!pages.contains("class=\"box\""), "no boxes to copy into")
        let bob = try FileManager.default.contentsOfDirectory(atPath: out + "/learner-bob")
        #expect(bob.contains { $0.hasPrefix("koch-send-level06-") })
    }

    @Test func theSheetShowsTheNewCharactersPattern() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 3)
        let sheet = try String(contentsOfFile: key.replacingOccurrences(of: ".key.json", with: ".key.txt"), encoding: .utf8)
        #expect(sheet.contains("the newest character, R (.-.)"), "\(sheet)")
    }
}
