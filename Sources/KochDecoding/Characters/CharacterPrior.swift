import Foundation
import KochCore

/// What a reader expects to hear: the price, beyond the one every character
/// pays (`CharacterAssembler.perCharacterCost`), of reading each pattern of
/// the code table.
///
/// Where a jittery fist's timing is ambiguous, a word's marks read as one
/// long character or as several short ones, as a letter or as a digit, and
/// what was likelier sent decides. In ordinary text (words, call signs,
/// reports) about one character in ten (`unexpectedShare`) is a digit, a
/// punctuation mark or a prosign: with the letters sharing the other nine
/// tenths, each of the code table's other patterns is 26 × 0.1 / (0.9 × 32)
/// as likely as a letter, and costs ln(9 × 32 / 26) ≈ 2.4 nats more.
///
/// A send exercise says what it holds: its own characters are the expected
/// ones (so a lesson of punctuation reads its punctuation as readily as
/// letters), and every other pattern pays that same price.
public struct CharacterPrior: Sendable, Hashable {
    /// The patterns read at no extra price.
    private let expected: Set<[Element]>

    /// Ordinary text: letters are expected.
    public static let text = CharacterPrior(expected: Set(MorseAlphabet.readings.filter(\.isLetter).map(\.elements)))

    /// The characters of `text`, written as lessons and keys write them (prosigns in angle
    /// brackets); characters without a code are passed over. Text with none expects letters.
    public init(expecting text: String) {
        let patterns = WrittenTokens.split(text).compactMap { token in
            (MorseAlphabet.prosign(token) ?? token.first.flatMap(MorseAlphabet.symbol(for:)))?.elements
        }
        self = patterns.isEmpty ? .text : CharacterPrior(expected: Set(patterns))
    }

    private init(expected: Set<[Element]>) {
        self.expected = expected
    }

    /// The extra price, in nats, of reading `elements` as the character they make.
    public func extraCost(of elements: [Element]) -> Double {
        expected.contains(elements) ? 0 : Self.unexpectedCost
    }

    /// The share of ordinary text that is digits, punctuation and prosigns.
    static let unexpectedShare = 0.1

    /// The extra price of a pattern that is not expected (see the type's description).
    static let unexpectedCost: Double = {
        let others = Double(MorseAlphabet.readings.count(where: { !$0.isLetter }))
        return log((1 - unexpectedShare) * others / (26 * unexpectedShare))
    }()
}
