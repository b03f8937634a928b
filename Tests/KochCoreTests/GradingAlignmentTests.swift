import KochCore
import Testing

@Suite struct GradingAlignmentTests {
    @Test func perfectCopyScoresEveryCharacter() {
        let score = Score(key: answerKey(["KMK", "MMK"]), transcript: "KMK MMK\n")
        #expect(score.sent == 6)
        #expect(score.correct == 6)
        #expect(score.accuracy == 1)
        #expect(score.groupsWithErrors.isEmpty)
    }

    @Test func droppedGroupCostsExactlyItsCharacters() {
        let score = Score(key: answerKey(["KMK", "MMKM", "KKM", "MKM"]), transcript: "KMK KKM MKM")
        #expect(score.sent == 13)
        #expect(score.correct == 9)
        #expect(score.missed == 4)
        #expect(score.inserted == 0)
        #expect(score.groupsWithErrors == [GroupComparison(number: 2, sent: "MMKM", copied: "____", errors: 4)])
    }

    @Test func insertedGroupCountsAgainstAccuracyAndShowsBesideItsNeighbour() {
        let score = Score(key: answerKey(["KMK", "MMK"]), transcript: "KMK KKK MMK")
        #expect(score.correct == 6)
        #expect(score.inserted == 3)
        #expect(score.accuracy == 6.0 / 9.0)
        #expect(score.groupsWithErrors == [GroupComparison(number: 1, sent: "KMK", copied: "KMK KKK", errors: 3)])
    }

    @Test func substitutionIsRecordedAsWhatTheCharacterWasMistakenFor() {
        let score = Score(key: answerKey(["KMK", "MM"]), transcript: "KKK MM")
        #expect(score.correct == 4)
        #expect(score.substituted == 1)
        #expect(score.characters["M"] == CharacterStatistics(attempts: 3, correct: 2, mistakenFor: ["K": 1]))
        #expect(score.characters["K"] == CharacterStatistics(attempts: 2, correct: 2))
        #expect(score.groupsWithErrors.map(\.copied) == ["KKK"])
    }

    @Test func oneSlipDoesNotShiftLaterCharacters() {
        let score = Score(key: answerKey(["KMKMK", "MKMKM", "KKMMK"]), transcript: "KMKK MKMKM KKMMK")
        #expect(score.correct == 14)
        #expect(score.missed == 1)
        #expect(score.groupsWithErrors.map(\.number) == [1])
    }

    @Test func caseLineBreaksSpacesAndGroupNumbersDoNotCount() {
        let key = answerKey(["KMK", "MMK", "KKM", "MK"])
        let transcript = "  1. kmk    2. Mmk\n\n3) kkm\r\n 4: mk \n"
        let score = Score(key: key, transcript: transcript)
        #expect(score.correct == 11)
        #expect(score.inserted == 0)
        #expect(score.accuracy == 1)
    }

    @Test func sheetTimesAtTheStartOfALineAreIgnored() {
        let score = Score(key: answerKey(["KMK", "MMK"]), transcript: "0:00 KMK MMK")
        #expect(score.accuracy == 1)
    }

    @Test func bareLineNumbersAreIgnoredWhenDigitsAreNotSent() {
        let score = Score(key: answerKey(["KMK", "MMK"]), transcript: "1 KMK\n2 MMK")
        #expect(score.accuracy == 1)
    }

    @Test func emptyTranscriptMissesEverything() {
        let score = Score(key: answerKey(["KMK", "MM"]), transcript: "\n  \n")
        #expect(score.correct == 0)
        #expect(score.missed == 5)
        #expect(score.accuracy == 0)
        #expect(score.groupsWithErrors.map(\.copied) == ["___", "__"])
    }

    @Test func mergedGroupsCostNothing() {
        let score = Score(key: answerKey(["KM", "MK", "KKM"]), transcript: "KMMKKKM")
        #expect(score.accuracy == 1)
    }

    @Test func splitGroupsCostNothing() {
        let score = Score(key: answerKey(["KMMKK", "MKM"]), transcript: "KM MKK M K M")
        #expect(score.accuracy == 1)
    }

    @Test(arguments: ["?", "_", "*", "-"])
    func notCopiedSignsCountAsMissedNotInserted(sign: String) {
        let score = Score(key: answerKey(["KMK"]), transcript: "K\(sign)K")
        #expect(score.correct == 2)
        #expect(score.missed == 1)
        #expect(score.inserted == 0)
        #expect(score.characters["M"] == CharacterStatistics(attempts: 1, correct: 0))
        #expect(score.groupsWithErrors.map(\.copied) == ["K_K"])
    }

    @Test func aSignTheCourseSendsIsACharacter() throws {
        let course = KochCourse.full
        let level = try #require(course.order.firstIndex { $0.text == "?" }) + 1
        let score = Score(key: answerKey(["K?M"], level: level, course: course), transcript: "K?M")
        #expect(score.correct == 3)
        #expect(score.characters["?"] == CharacterStatistics(attempts: 1, correct: 1))
    }

    @Test func extraCharactersCannotRaiseTheScore() {
        let exact = Score(key: answerKey(["KMK", "MMK"]), transcript: "KMK MMM")
        let padded = Score(key: answerKey(["KMK", "MMK"]), transcript: "KMK MMMK KMKM")
        #expect(padded.accuracy < exact.accuracy)
        #expect(padded.correct <= padded.sent)
    }

    @Test func charactersNotInTheLessonAreMistakes() {
        let score = Score(key: answerKey(["KMK"]), transcript: "KXK")
        #expect(score.characters["M"]?.mistakenFor == ["X": 1])
    }

    @Test func aFullFiveMinuteLessonGradesQuickly() throws {
        var settings = LessonSettings()
        settings.level = 10
        let key = AnswerKey(lesson: try Lesson(settings: settings), createdAt: .init(timeIntervalSince1970: 0))
        var copy = key.groups.map(\.text)
        copy.remove(at: 10)
        copy[20] = "KKK"
        let score = Score(key: key, transcript: copy.joined(separator: " "))
        #expect(score.sent == key.groups.reduce(0) { $0 + $1.text.count })
        #expect(score.groupsWithErrors.map(\.number).contains(11))
    }
}
