import Testing

@testable import KochCore

@Suite struct MorseTextTests {
    @Test func parsesLettersDigitsPunctuationAndProsigns() throws {
        let text = try MorseText(parsing: "cq de k1abc/p  5nn?\n<AR> <sk>")
        #expect(text.normalized == "CQ DE K1ABC/P 5NN? <AR> <SK>")
        #expect(text.words[4].first?.pattern == ".-.-.")
    }

    @Test func unsendableCharacterIsNamedWithItsPosition() {
        #expect(throws: MorseTextError.unsendable(character: "#", position: 7, line: 2, column: 3)) {
            try MorseText(parsing: "ABC\nDE#F")
        }
        #expect(throws: MorseTextError.unknownProsign("<XY>", position: 3, line: 1, column: 3)) {
            try MorseText(parsing: "AB<XY> C")
        }
        #expect(throws: MorseTextError.unclosedProsign(position: 3, line: 1, column: 3)) {
            try MorseText(parsing: "AB<AR C")
        }
    }

    @Test func emptyOrBlankTextIsAnError() {
        #expect(throws: MorseTextError.empty) { try MorseText(parsing: "  \n\t ") }
    }

    @Test func everyPatternDecodesBackToItsCharacter() {
        for (character, _) in MorseAlphabet.patterns {
            let symbol = MorseAlphabet.symbol(for: character)!
            #expect(MorseAlphabet.text(for: symbol.elements) == String(character))
        }
    }
}
