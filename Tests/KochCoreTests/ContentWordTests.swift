import Foundation
import Testing

@testable import KochCore

@Suite struct ContentWordTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func wordList(_ name: String) throws -> [String] {
        let path = packageRoot.appendingPathComponent("data/words/\(name).txt").path
        return WordList.parse(try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func wordListSkipsCommentsAndBlankLinesAndUpperCases() {
        let words = WordList.parse("# a comment\n\nthe\n  Cq de  \nK\n")
        #expect(words == ["THE", "CQ", "DE", "K"])
    }

    @Test func levelEightWordsUseOnlyKMRSUAPT() throws {
        let list = try Self.wordList("common") + Self.wordList("ham")
        let selector = WordSelector(wordList: list, characters: KochCourse.letters.unlocked(atLevel: 8))
        #expect(selector.words.count >= 20)
        var generator = SeededGenerator(seed: 8)
        let words = try selector.words(lastingSeconds: 120, timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12), using: &generator)
        #expect(words.count > 20)
        let allowed = Set("KMRSUAPT".map(String.init))
        for word in words {
            #expect(word.allSatisfy { allowed.contains($0.text) }, "\(word.map(\.text).joined())")
        }
    }

    @Test func everyWordInTheListsCanBeSent() throws {
        for name in ["common", "ham"] {
            let list = try Self.wordList(name)
            #expect(list.count > 100)
            for word in list {
                #expect(word.allSatisfy { MorseAlphabet.symbol(for: $0) != nil }, "\(name): \(word)")
            }
        }
    }

    @Test func wordsFillTheAskedDurationEndingOnAWholeWord() throws {
        let list = try Self.wordList("common")
        let selector = WordSelector(wordList: list, characters: KochCourse.letters.order)
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)
        var generator = SeededGenerator(seed: 3)
        let words = try selector.words(lastingSeconds: 299, timing: timing, using: &generator)
        let seconds = Timeline.keyedSeconds(of: MorseText(words: words), timing: timing)
        #expect(abs(seconds - 299) < 3, "\(seconds)")
        let written = Set(list)
        #expect(words.allSatisfy { written.contains($0.map(\.text).joined()) })
    }

    @Test func theSameWordIsNotDrawnTwiceInARow() throws {
        let selector = WordSelector(wordList: ["TEST", "STAR", "RUST"], characters: KochCourse.letters.order)
        var generator = SeededGenerator(seed: 5)
        let words = try selector.words(lastingSeconds: 200, timing: Timing(characterSpeedWPM: 20), using: &generator)
        for (first, second) in zip(words, words.dropFirst()) { #expect(first != second) }
    }

    @Test func extraWeightFavoursWordsWithThatCharacter() throws {
        let plain = WordSelector(wordList: ["KM", "MM", "KK"], characters: KochCourse.letters.order)
        let weighted = WordSelector(wordList: ["KM", "MM", "KK"], characters: KochCourse.letters.order, extraWeight: ["K": 4])
        func share(_ selector: WordSelector) -> Double {
            var generator = SeededGenerator(seed: 1)
            let draws = (0..<3000).compactMap { _ in selector.word(using: &generator) }
            return Double(draws.filter { $0.contains { $0.text == "K" } }.count) / Double(draws.count)
        }
        #expect(share(plain) < 0.72)
        #expect(share(weighted) > 0.85)
    }

    @Test func noUsableWordIsAnErrorThatNamesTheCharacters() {
        let selector = WordSelector(wordList: ["THE", "AND"], characters: KochCourse.letters.unlocked(atLevel: 2))
        var generator = SeededGenerator(seed: 1)
        #expect(throws: ContentError.noUsableWords(characters: "K M")) {
            try selector.words(lastingSeconds: 60, timing: Timing(characterSpeedWPM: 20), using: &generator)
        }
        #expect(ContentError.noUsableWords(characters: "K M").description.contains("K M"))
    }

    @Test func sameSeedGivesTheSameWords() throws {
        let selector = WordSelector(wordList: try Self.wordList("common"), characters: KochCourse.letters.order)
        var first = SeededGenerator(seed: 9)
        var second = SeededGenerator(seed: 9)
        let timing = Timing(characterSpeedWPM: 20)
        #expect(
            try selector.words(lastingSeconds: 60, timing: timing, using: &first)
                == selector.words(lastingSeconds: 60, timing: timing, using: &second))
    }
}
