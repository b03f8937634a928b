import Foundation
import KochCore
import KochIO
import Testing

/// A copy typed as the lesson plays (`ReceiveCopy`) is graded by `koch grade` as the same copy
/// written by hand.
@Suite struct ReceiveCopyGradeTests {
    static let fields = ["sent", "correct", "substituted", "missed", "inserted", "accuracy"]

    @Test func aCopyTypedLateWithAMissedGroupGradesAsTheHandWrittenCopy() throws {
        let scratch = try GradingScratch()
        let keyPath = try scratch.lesson(level: 4, minutes: 1)
        let key = try AnswerKeyFile.read(keyPath)
        var copy = ReceiveCopy(key: key)
        var byHand: [String] = []
        for (index, group) in key.groups.enumerated() {
            switch index {
            case 2:
                byHand.append("?")  // missed: nothing typed
            case 4:
                let typed = "X" + group.text.dropFirst()
                for character in typed.lowercased() { copy.type(character, atLessonSeconds: group.endSeconds + 0.8) }
                byHand.append(typed)
            default:
                for character in group.text { copy.type(character, atLessonSeconds: group.endSeconds + 0.4) }
                byHand.append(group.text)
            }
        }
        let typed = try scratch.gradeJSON(keyPath, copy: copy.text, date: "2026-11-21T19:30", extra: ["--dry-run"])
        let written = try scratch.gradeJSON(keyPath, copy: byHand.joined(separator: " "), date: "2026-11-21T19:30", extra: ["--dry-run"])
        let score = Score(key: key, transcript: copy.text)
        for field in Self.fields {
            #expect(typed[field] as? NSNumber == written[field] as? NSNumber, "\(field)")
        }
        #expect(typed["correct"] as? Int == score.correct)
        #expect(typed["missed"] as? Int == key.groups[2].text.count)
        #expect(typed["substituted"] as? Int == 1)
    }
}
