import Foundation
import KochCore
import KochIO
import Testing

/// Send exercises graded from logs of key events, as a learner with a USB paddle adapter
/// or a straight key would make them.
@Suite struct KeyerCommandTests {
    static let patterns: [Character: String] = ["K": "-.-", "M": "--", "R": ".-.", "S": "...", "U": "..-", "A": ".-"]

    /// A paddle log keying `groups` at `wpm`: each element's paddle pressed for half its length
    /// (the keyer times it), the learner's own pauses between characters and groups.
    static func paddleLog(_ groups: [String], wpm: Double) -> String {
        let unit = Timing.unitSeconds(wpm: wpm)
        var time = 0.5
        var lines: [String] = []
        for group in groups {
            for character in group {
                for element in patterns[character] ?? "" {
                    let length = unit * (element == "." ? 1 : 3)
                    let paddle = element == "." ? "dit" : "dah"
                    lines.append(String(format: "%.4f %@ down", time, paddle))
                    lines.append(String(format: "%.4f %@ up", time + length / 2, paddle))
                    time += length + unit
                }
                time += 2.2 * unit
            }
            time += 4.5 * unit
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A straight-key log of `groups`: the learner's own element lengths, 12 % uneven.
    static func straightKeyLog(_ groups: [String], wpm: Double) -> String {
        let unit = Timing.unitSeconds(wpm: wpm)
        var generator = SeededGenerator(seed: 5)
        func uneven(_ seconds: Double) -> Double { seconds * (1 + 0.12 * (2 * generator.nextUnit() - 1)) }
        var time = 0.5
        var lines: [String] = []
        for group in groups {
            for character in group {
                for element in patterns[character] ?? "" {
                    let length = uneven(unit * (element == "." ? 1 : 3))
                    lines.append(String(format: "%.4f key down\n%.4f key up", time, time + length))
                    time += length + uneven(unit)
                }
                time += uneven(2 * unit)
            }
            time += uneven(4 * unit)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func exercise(_ scratch: GradingScratch) throws -> (key: String, groups: [String]) {
        let key = try scratch.lesson(level: 6, seed: 3, minutes: 1, direction: .send)
        return (key, try AnswerKeyFile.read(key).groups.map(\.text))
    }

    @Test func aPaddleLogKeyedWellIsGradedIntoTheSendDirection() throws {
        let scratch = try GradingScratch()
        let (key, groups) = try exercise(scratch)
        let log = try scratch.transcript(Self.paddleLog(groups, wpm: 20), name: "paddles.txt")
        let result = try KochBinary.run(["grade", "--key", key, "--events", log, "--progress", scratch.progressPath, "--date", "2026-11-20T19:30"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("Read from the event log \(log) (paddles, Mode B, 20 WPM)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Accuracy 100 %"), "\(result.standardOutput)")
        // The keyer made the dits and dahs: the fist report judges the learner's gaps alone.
        #expect(result.standardOutput.contains("Marks     made by your keyer, so only your gaps are judged"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("dits vary by") && !result.standardOutput.contains("dahs by"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("Your dahs are"), "\(result.standardOutput)")
        #expect(try scratch.sessions().map(\.direction) == [.send])
        let status = try scratch.statusJSON(date: "2026-11-20")
        #expect((status["send"] as? [String: Any])?["level"] as? Int == 3)
    }

    @Test func aPaddleLogKeyedBadlyNamesTheCharactersMistaken() throws {
        let scratch = try GradingScratch()
        let (key, groups) = try exercise(scratch)
        // Every third group with its first S keyed as U (a dah for the last dit).
        let keyed = groups.enumerated().map { $0.offset % 3 == 0 ? $0.element.replacingOccurrences(of: "S", with: "U") : $0.element }
        #expect(keyed != groups)
        let log = try scratch.transcript(Self.paddleLog(keyed, wpm: 20), name: "paddles.txt")
        let result = try KochBinary.run(["grade", "--key", key, "--events", log, "--progress", scratch.progressPath, "--json", "--dry-run"])
        #expect(result.succeeded, "\(result.standardError)")
        let json = try jsonObject(result.standardOutput)
        let accuracy = try #require(json["accuracy"] as? Double)
        #expect(accuracy < 1 && accuracy > 0.8, "\(accuracy)")
        let s = (json["characters"] as? [String: Any])?["S"] as? [String: Any]
        #expect((s?["mistakenFor"] as? [String: Int])?["U"] ?? 0 > 0, "\(String(describing: s))")
        #expect((json["recording"] as? [String: Any])?["eventLog"] as? String == "paddles, Mode B, 20 WPM")
    }

    @Test func aStraightKeyLogIsGradedWithTheLearnersOwnTiming() throws {
        let scratch = try GradingScratch()
        let (key, groups) = try exercise(scratch)
        let log = try scratch.transcript(Self.straightKeyLog(groups, wpm: 18), name: "straight.txt")
        let result = try KochBinary.run(["grade", "--key", key, "--events", log, "--progress", scratch.progressPath, "--date", "2026-11-20T19:30"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("(straight key)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Accuracy 100 %"), "\(result.standardOutput)")
        // The fist report measures the learner's own speed from the marks, and judges them.
        #expect(result.standardOutput.contains("WPM"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("made by your keyer"), "\(result.standardOutput)")
    }

    @Test func theKeyerPrintsWhatWasKeyedAndItsElements() throws {
        let scratch = try GradingScratch()
        let log = try scratch.transcript(Self.paddleLog(["KM", "RSA"], wpm: 25), name: "paddles.txt")
        let text = try KochBinary.run(["keyer", "--events", log, "--wpm", "25", "--out", scratch.folder + "/keyed.wav"])
        #expect(text.succeeded, "\(text.standardError)")
        #expect(text.standardOutput.contains("KM RSA"), "\(text.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: scratch.folder + "/keyed.wav"))
        let json = try jsonObject(try KochBinary.run(["keyer", "--events", log, "--wpm", "25", "--json"]).standardOutput)
        let elements = try #require(json["elements"] as? [[String: Any]])
        let keyed: String = elements.compactMap { $0["element"] as? String }.joined()
        #expect(keyed == "-.---.-.....-", "K M R S A")
        #expect(elements.first?["durationSeconds"] as? Double == 0.144)
    }

    /// Squeezes let go of at 20 WPM (a unit of 60 ms), as in the squeeze table of Curtis Mode A
    /// and B (K. Fischer, DJ5IL, "All about squeeze-keying"; K1EL's WinKeyer datasheet): dit first
    /// let go during the dah, dah first let go during the dit, then each let go during its first
    /// element; 1.5 s between them (read as one word: no gap is shorter).
    static let squeezes = """
        0.50 dit down
        0.52 dah down
        0.70 dit up
        0.70 dah up
        2.00 dah down
        2.02 dit down
        2.27 dit up
        2.27 dah up
        3.50 dit down
        3.52 dah down
        3.54 dit up
        3.54 dah up
        5.00 dah down
        5.02 dit down
        5.10 dit up
        5.10 dah up

        """

    @Test(arguments: [("a", ".-" + "-." + ".-" + "-.", "ANAN"), ("b", ".-." + "-.-" + ".-" + "-.", "RKAN")])
    func squeezesLetGoOfKeyAsCurtisModes(mode: String, elements expected: String, text: String) throws {
        let scratch = try GradingScratch()
        let log = try scratch.transcript(Self.squeezes, name: "squeezes.txt")
        let printed = try KochBinary.run(["keyer", "--events", log, "--wpm", "20", "--mode", mode])
        #expect(printed.succeeded, "\(printed.standardError)")
        #expect(printed.standardOutput.split(separator: "\n").last.map(String.init) == text, "\(printed.standardOutput)")
        let json = try jsonObject(try KochBinary.run(["keyer", "--events", log, "--wpm", "20", "--mode", mode, "--json"]).standardOutput)
        let elements = try #require(json["elements"] as? [[String: Any]])
        #expect(elements.compactMap { $0["element"] as? String }.joined() == expected)
        // An element always completes: every dit 60 ms, every dah 180 ms.
        #expect(elements.allSatisfy { ($0["durationSeconds"] as? Double).map { [0.06, 0.18].contains($0) } ?? false }, "\(elements)")
    }

    @Test func aLogThatCannotBeReadIsNamedWithItsLine() throws {
        let scratch = try GradingScratch()
        let log = try scratch.transcript("0.1 dit down\n0.2 dit sideways\n", name: "bad.txt")
        let result = try KochBinary.run(["keyer", "--events", log])
        #expect(!result.succeeded)
        #expect(result.standardError.contains(log) && result.standardError.contains("line 2"), "\(result.standardError)")
        let (key, _) = try exercise(scratch)
        let graded = try KochBinary.run(["grade", "--key", key, "--events", log, "--progress", scratch.progressPath])
        #expect(!graded.succeeded)
        #expect(scratch.progressBytes() == nil, "nothing recorded")
    }
}
