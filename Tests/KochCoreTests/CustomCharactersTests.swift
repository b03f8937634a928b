import Testing

@testable import KochCore

@Suite struct CustomCharactersTests {
    @Test func charactersAreKeptUppercased() throws {
        #expect(try CustomCharacters.checked("kmRS") == "KMRS")
    }

    @Test func anEmptySetIsRefused() {
        #expect(throws: CustomCharacters.Refusal.empty) { try CustomCharacters.checked("") }
    }

    @Test func aCharacterWithoutMorseCodeIsNamedWithItsPosition() {
        #expect(throws: CustomCharacters.Refusal.noMorseCode(character: "#", position: 3)) { try CustomCharacters.checked("KM#") }
    }

    @Test func oneCharacterInBothCasesIsNotTwo() {
        #expect(throws: CustomCharacters.Refusal.fewerThanTwoDifferent) { try CustomCharacters.checked("kK") }
    }

    @Test func aTextLessonNeedsAFileAndOnlyItTakesOne() throws {
        #expect(throws: LessonKind.TextFileRefusal.textNeedsFile) { try LessonKind.text.checkTextFile(given: false) }
        #expect(throws: LessonKind.TextFileRefusal.fileIsOnlyForText) { try LessonKind.groups.checkTextFile(given: true) }
        try LessonKind.text.checkTextFile(given: true)
        try LessonKind.words.checkTextFile(given: false)
    }
}
