import Foundation
import Testing

@testable import KochCore
@testable import KochDecoding

/// What the readers expect decides an ambiguous fist: letters in ordinary text, an exercise's own characters in it.
@Suite struct CharacterPriorTests {
    /// `/` (-..-.) keyed with the gap after its third element stretched to `gapDits`, the other gaps one dit.
    static func slash(gapDits: Double) -> (marks: [Double], gaps: [Double]) {
        ([3, 1, 1, 3, 1].map { log(0.06 * $0) }, [1, 1, gapDits, 1].map { log(0.06 * $0) })
    }

    @Test func aStretchedGapSplitsAPunctuationMarkIntoLettersInText() {
        // Nearly two dits: about as far from a gap inside a character as from one between characters.
        let (marks, gaps) = Self.slash(gapDits: 1.9)
        let model = TimingModel(ditSeconds: 0.06)
        #expect(CharacterAssembler().read(markLogs: marks, gapLogs: gaps, model: model).map(\.text) == ["D", "N"])
        let exercise = CharacterAssembler(prior: CharacterPrior(expecting: "KM/R K/RM"))
        #expect(exercise.read(markLogs: marks, gapLogs: gaps, model: model).map(\.text) == ["/"])
        // A gap as long as one between characters is one, whatever is expected.
        let (_, wide) = Self.slash(gapDits: 3)
        #expect(exercise.read(markLogs: marks, gapLogs: wide, model: model).map(\.text) == ["D", "N"])
    }

    @Test func theSoftReaderWeighsTheSamePrior() {
        let rate = 500.0, ditSamples = 30
        var evidence = MarkEvidence(rate: rate)
        func add(_ value: Double, dits: Double) { for _ in 0..<Int(dits * Double(ditSamples)) { evidence.append(value) } }
        add(-0.1, dits: 8)
        for (index, dits) in [3.0, 1, 1, 3, 1].enumerated() {
            if index > 0 { add(-0.1, dits: index == 3 ? 2.2 : 1) }
            add(0.3, dits: dits)
        }
        add(-0.1, dits: 8)
        let seconds = Double(evidence.values.count) / rate
        let model = TimingModel(ditSeconds: 0.06)
        func read(_ prior: CharacterPrior) -> [String] {
            SoftWordReader(trie: CharacterTrie(prior: prior)).read(evidence, fromSeconds: 0, toSeconds: seconds, model: model).map(\.text)
        }
        #expect(read(.text) == ["D", "N"])
        #expect(read(CharacterPrior(expecting: "/ K M")) == ["/"])
    }

    @Test func anExerciseExpectsItsCharactersAndProsignsByTheirCodes() {
        let prior = CharacterPrior(expecting: "k<ar> 5é")
        let free = ["K", "+", "5"].map { Symbol.code(of: $0) }
        for elements in free { #expect(prior.extraCost(of: elements) == 0) }
        // A letter the exercise does not hold is as unexpected as a digit in text.
        #expect(prior.extraCost(of: Symbol.code(of: "E")) == CharacterPrior.text.extraCost(of: Symbol.code(of: "5")))
        #expect(prior.extraCost(of: Symbol.code(of: "E")) > 2)
        // Text with nothing Morse can send expects what ordinary text holds.
        #expect(CharacterPrior(expecting: "é ü") == .text)
        #expect(CharacterPrior.text.extraCost(of: Symbol.code(of: "Q")) == 0)
    }
}

extension Symbol {
    /// The elements of a character written as the code table writes it.
    fileprivate static func code(of text: String) -> [Element] {
        (MorseAlphabet.patterns[Character(text)] ?? "").compactMap(Element.init(rawValue:))
    }
}
