import Foundation
import KochCore
import KochIO
import Testing

/// A fist report is of the marks as keyed: one character keyed wrong among exact ones leaves
/// the figures exact, through `koch grade --events` on a straight key's log.
@Suite struct WrongCharacterFistTests {
    /// A straight-key log of `groups`, every dit 60 ms, every dah 180 ms, every gap inside a
    /// character 60 ms, between characters 180 ms and between groups 420 ms (20 WPM exactly).
    static func exactLog(_ groups: [String]) throws -> String {
        var time = 0.5
        var lines: [String] = []
        for group in groups {
            for character in group {
                let pattern = try #require(MorseAlphabet.symbol(for: character)?.elements)
                for (index, element) in pattern.enumerated() {
                    if index > 0 { time += 0.060 }
                    let length = element == .dit ? 0.060 : 0.180
                    lines.append(String(format: "%.3f key down\n%.3f key up", time, time + length))
                    time += length
                }
                time += 0.180
            }
            time += 0.240
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func oneCharacterKeyedWrongLeavesTheFistsFiguresExact() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 5, seed: 4, direction: .send)
        var groups = try AnswerKeyFile.read(key).groups.map(\.text)
        let wrong = try #require(groups.firstIndex { $0.contains("U") }, "the level-5 exercise sends U")
        groups[wrong] = String(groups[wrong].replacing("U", with: "W", maxReplacements: 1))
        let log = try scratch.transcript(try Self.exactLog(groups), name: "straight.txt")
        let result = try KochBinary.run(
            ["grade", "--key", key, "--events", log, "--progress", scratch.progressPath, "--date", "2026-11-27T19:30", "--json"],
            environment: ["TZ": "UTC"])
        #expect(result.succeeded, "\(result.standardOutput)\(result.standardError)")
        let report = try jsonObject(result.standardOutput)
        #expect(report["substituted"] as? Int == 1, "the W is graded as the one wrong character")
        let fist = try #require(report["fist"] as? [String: Any])
        #expect(fist["speedWPM"] as? Double == 20)
        #expect(fist["ditMilliseconds"] as? Double == 60)
        #expect(fist["dahToDitRatio"] as? Double == 3)
        for (figure, mean) in [("dits", 1.0), ("dahs", 3.0), ("intraCharacterGaps", 1.0), ("characterGaps", 3.0), ("wordGaps", 7.0)] {
            let spread = try #require(fist[figure] as? [String: Any], "\(figure)")
            #expect(spread["meanDits"] as? Double == mean, "\(figure): \(spread)")
            #expect(spread["variationPercent"] as? Double == 0, "\(figure): \(spread)")
        }
        #expect((fist["ambiguous"] as? [Any])?.isEmpty == true, "\(fist["ambiguous"] ?? "")")

        // The same figures in words.
        let text = try KochBinary.run(
            ["grade", "--key", key, "--events", log, "--progress", scratch.progressPath, "--date", "2026-11-27T19:30", "--dry-run"],
            environment: ["TZ": "UTC"])
        #expect(text.standardOutput.contains("20 WPM") && text.standardOutput.contains("a dit of 60 ms"), "\(text.standardOutput)")
    }
}
