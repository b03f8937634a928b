import Foundation
import KochClass
import KochCore
import Testing

/// A send exercise graded from a log of key events in process, as a program other than the command line would.
@Suite struct KeyingEventsTests {
    static let patterns: [Character: String] = ["K": "-.-", "M": "--", "R": ".-.", "S": "...", "U": "..-", "A": ".-"]

    /// A paddle log keying `groups` at `wpm`: each paddle pressed for half its element (the keyer times it).
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

    @Test func aPaddleLogOfTheExerciseIsReadAgainstItsKeyAtTheExercisesSpeed() throws {
        var settings = LessonSettings()
        settings.level = 6
        settings.seed = 3
        settings.minutes = 1
        settings.direction = .send
        let key = AnswerKey(lesson: try Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: 0))
        let wpm = min(max(key.settings.characterSpeedWPM, 5), 40)
        let log = try PaddleLog(text: Self.paddleLog(key.groups.map(\.text), wpm: wpm))
        let recording = try KeyingCheck.read(events: log, path: "paddles.txt", key: key, speedWPM: nil, mode: .b)
        #expect(recording.copy.score.correct == recording.copy.score.sent && recording.copy.score.sent > 0)
        #expect(recording.eventLog == "paddles, Mode B, \(wpm.formatted) WPM")
        #expect(recording.file == "paddles.txt" && recording.toneHz == nil)
    }
}
