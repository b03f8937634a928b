import Testing

@testable import KochCore

@Suite struct ContentTextLessonTests {
    let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)

    @Test func aTextIsCutIntoLessonsOnWordBoundaries() throws {
        let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 60)
        let lessons = try TextLessons.split(text, keyedSecondsPerLesson: 60, timing: timing)
        #expect(lessons.count > 3)
        for lesson in lessons {
            #expect(Timeline.keyedSeconds(of: lesson, timing: timing) <= 60)
        }
        for lesson in lessons.dropLast() {
            #expect(Timeline.keyedSeconds(of: lesson, timing: timing) > 50)
        }
        let joined = lessons.map(\.normalized).joined(separator: " ")
        #expect(joined == text.uppercased().split(separator: " ").joined(separator: " "))
    }

    @Test func unsendableCharactersAreReportedWithLineAndColumn() {
        #expect(
            throws: ContentError.unsendable([
                UnsendableCharacter(character: "#", position: 8, line: 2, column: 2),
                UnsendableCharacter(character: "*", position: 13, line: 2, column: 7),
            ])
        ) {
            try TextLessons.split("CQ DE\nK#1 AB*C", keyedSecondsPerLesson: 60, timing: timing)
        }
    }

    @Test func unsendableCharactersCanBeDropped() throws {
        let lessons = try TextLessons.split("CQ DE ### K1#ABC*", keyedSecondsPerLesson: 60, timing: timing, unsendable: .drop)
        #expect(lessons.map(\.normalized) == ["CQ DE K1ABC"])
    }

    @Test func typographicQuotesAndDashesBecomePlain() throws {
        let words = try TextLessons.words(of: "it\u{2019}s \u{201C}ok\u{201D} \u{2014}")
        #expect(MorseText(words: words).normalized == "IT'S \"OK\" -")
    }

    @Test func prosignsAreKept() throws {
        let words = try TextLessons.words(of: "TU <SK> 73")
        #expect(words[1].count == 1)
        #expect(words[1][0].text == "<SK>")
    }

    @Test func aCourseNarrowsWhatCanBeSent() {
        #expect(throws: ContentError.self) {
            try TextLessons.words(of: "KM X", characters: KochCourse.letters.unlocked(atLevel: 2))
        }
    }

    @Test func anEmptyTextIsAnError() {
        #expect(throws: ContentError.emptyText) {
            try TextLessons.split("   \n ", keyedSecondsPerLesson: 60, timing: timing)
        }
    }
}
