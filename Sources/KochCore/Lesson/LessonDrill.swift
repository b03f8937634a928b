/// What a drill lesson sets against each other instead of a level lesson's plain groups: the pairs
/// of characters the learner confuses (`koch lesson --drill confusions`). Kept in the lesson's
/// settings, and so in its answer key, so that the lesson can be made again and its sheet can
/// name the pairs.
public struct LessonDrill: Sendable, Hashable, Codable {
    /// What a drill is made from.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The pairs the learner confused lately (`ConfusedPairs`).
        case confusions
    }

    /// One pair drilled: its two characters, how often a group draws it against the other
    /// pairs, and what the learner's record said of it when the lesson was made.
    public struct Pair: Sendable, Hashable, Codable {
        public var characters: [String]
        public var weight: Double
        public var text: String

        public init(characters: [String], weight: Double, text: String) {
            self.characters = characters
            self.weight = weight
            self.text = text
        }
    }

    public var kind: Kind
    public var pairs: [Pair]

    public init(kind: Kind, pairs: [Pair]) {
        self.kind = kind
        self.pairs = pairs
    }

    /// A drill of `confusions`' pairs, each drawn in proportion to its weight (to the
    /// thousandth, so that the key holds exactly what made the lesson); nil when there is none.
    public init?(confusions: ConfusedPairs) {
        guard !confusions.pairs.isEmpty else { return nil }
        self.init(
            kind: .confusions,
            pairs: confusions.pairs.map { pair in
                Pair(characters: pair.characters, weight: max((pair.weight * 1000).rounded() / 1000, 0.001), text: pair.text)
            })
    }

    /// The pairs' characters as symbols, each pair two symbols; a pair whose characters have no
    /// Morse code (a hand-edited key) is left out.
    public var symbolPairs: [(pair: [Symbol], weight: Double)] {
        pairs.compactMap { pair in
            let symbols = pair.characters.compactMap(Self.symbol(for:))
            guard symbols.count == 2, symbols[0] != symbols[1] else { return nil }
            return (symbols, pair.weight)
        }
    }

    /// `K R, S H`.
    public var pairsText: String {
        pairs.map { $0.characters.joined(separator: " ") }.joined(separator: ", ")
    }

    static func symbol(for token: String) -> Symbol? {
        if token.hasPrefix("<") { return MorseAlphabet.prosign(token) }
        guard token.count == 1, let character = token.first else { return nil }
        return MorseAlphabet.symbol(for: character)
    }
}
