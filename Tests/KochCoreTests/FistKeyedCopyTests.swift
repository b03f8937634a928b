import Testing

@testable import KochCore

@Suite struct FistKeyedCopyTests {
    static func decoded(_ text: String) -> [DecodedCharacter] {
        var characters: [DecodedCharacter] = []
        for (wordIndex, word) in text.split(separator: " ").enumerated() {
            for (index, letter) in word.enumerated() {
                let time = Double(characters.count)
                characters.append(
                    DecodedCharacter(
                        text: String(letter), elements: [], startSeconds: time, endSeconds: time + 0.5,
                        startsWord: index == 0 && wordIndex > 0, isAmbiguous: false))
            }
        }
        return characters
    }

    @Test func perfectKeyingMatchesEveryCharacter() {
        let key = FistSignals.key("KMK MMK KK")
        let copy = KeyedCopy(key: key, characters: Self.decoded("KMK MMK KK"))
        #expect(copy.score.accuracy == 1)
        #expect(copy.score.sent == 8)
        #expect(copy.meant[3] == MeantCharacter(groupNumber: 2, positionInGroup: 1, text: "M"))
    }

    @Test func anUnreadablePatternCountsAsAWrongCharacter() {
        let key = FistSignals.key("KMK MMK")
        let copy = KeyedCopy(key: key, characters: Self.decoded("K*K MMK"))
        #expect(copy.score.correct == 5)
        #expect(copy.score.substituted == 1)
        #expect(copy.score.characters["M"]?.mistakenFor["*"] == 1)
        #expect(copy.meant[1]?.text == "M")
    }

    @Test func anExtraPatternCountsAgainstTheScore() {
        let key = FistSignals.key("KMK MMK")
        let copy = KeyedCopy(key: key, characters: Self.decoded("KMK * MMK"))
        #expect(copy.score.correct == 6)
        #expect(copy.score.inserted == 1)
        #expect(copy.score.accuracy < 1)
        #expect(copy.meant[3] == nil)
    }

    @Test func runTogetherGroupsCostNothing() {
        let key = FistSignals.key("KMK MMK")
        let copy = KeyedCopy(key: key, characters: Self.decoded("KMKMMK"))
        #expect(copy.score.accuracy == 1)
        #expect(copy.meant[4] == MeantCharacter(groupNumber: 2, positionInGroup: 2, text: "M"))
    }
}
