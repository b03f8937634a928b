import Foundation
import KochCore
import Testing

@Suite struct GradingAnswerKeyTests {
    @Test func aKeyKochWroteHasNoProblems() {
        #expect(answerKey(["KMK", "MM"]).consistencyProblems.isEmpty)
    }

    @Test func groupsWithCharactersOutsideTheKeyAreRefused() {
        let problems = answerKey(["KMK", "KAM"]).consistencyProblems
        #expect(problems.map(\.codingPath) == ["groups[1].text"])
    }

    @Test func levelOutsideTheCourseIsRefused() {
        var key = answerKey(["KMK"])
        key.level = 27
        #expect(key.consistencyProblems.map(\.codingPath) == ["level"])
    }

    @Test func editedCharacterSetIsRefused() {
        var key = answerKey(["KMK"])
        key.characters = "KMR"
        #expect(key.consistencyProblems.map(\.codingPath).contains("characters"))
    }

    @Test func newerFormatIsRefused() {
        var key = answerKey(["KMK"])
        key.formatVersion = AnswerKey.currentFormatVersion + 1
        #expect(key.consistencyProblems.map(\.codingPath) == ["formatVersion"])
    }

    @Test func aSpokenKeyWithoutItsLastAnswerIsRefused() throws {
        var settings = LessonSettings()
        settings.minutes = 0.5
        settings.speech = SpeechSettings()
        var key = AnswerKey(lesson: try Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: 0))
        #expect(key.consistencyProblems.isEmpty && key.spokenItems.count == key.groups.count)
        key.groups[key.groups.count - 1].spoken = nil
        #expect(key.consistencyProblems.map(\.codingPath) == ["groups[\(key.groups.count - 1)].spoken"])
    }
}
