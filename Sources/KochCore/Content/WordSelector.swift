/// Words for a lesson: from a word list, the words made only of the
/// characters the learner has, drawn at random to fill a lesson.
///
/// Each word weighs 1 plus the extra weight of every distinct character it
/// has, so that words with the newest or weak characters come up more
/// often (the same `extraWeight` as `GroupGenerator`). The same word is
/// not drawn twice in a row when the list has more than one.
public struct WordSelector: Sendable {
    /// The usable words, once each, in the order of the list.
    public let words: [[Symbol]]
    /// The characters the words may use.
    public let characters: [Symbol]
    /// The cumulative weights of `words`, for drawing.
    private let cumulativeWeights: [Double]

    /// Keeps the words of `wordList` (any case) whose every character is
    /// one of `characters`; words with other characters are left out.
    public init(wordList: [String], characters: [Symbol], extraWeight: [String: Double] = [:]) {
        let allowed = Dictionary(characters.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        var words: [[Symbol]] = []
        for entry in wordList {
            let written = entry.uppercased()
            guard !written.isEmpty, !seen.contains(written) else { continue }
            let symbols = written.compactMap { allowed[String($0)] }
            guard symbols.count == written.count else { continue }
            seen.insert(written)
            words.append(symbols)
        }
        self.words = words
        self.characters = characters
        var total = 0.0
        cumulativeWeights = words.map { word in
            total += 1 + Set(word.map(\.text)).reduce(0) { $0 + (extraWeight[$1] ?? 0) }
            return total
        }
    }

    public var isEmpty: Bool { words.isEmpty }

    /// Fewer different words than this would make a lesson of repeats (at
    /// level 2, K M make only the word K); the letters course has ten from
    /// level 7. Lessons ask for at least this many.
    public static let minimumWordCount = 10

    /// One word at random; nil when no word is usable.
    public func word(using generator: inout SeededGenerator) -> [Symbol]? {
        guard let total = cumulativeWeights.last else { return nil }
        let target = generator.nextUnit() * total
        var low = 0
        var high = cumulativeWeights.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeWeights[middle] > target { high = middle } else { low = middle + 1 }
        }
        return words[low]
    }

    /// Words until the text lasts `targetSeconds` at `timing` (keyed time,
    /// word gaps included), ending on a whole word.
    public func words(
        lastingSeconds targetSeconds: Double, timing: Timing, using generator: inout SeededGenerator
    ) throws(ContentError) -> [[Symbol]] {
        guard !words.isEmpty else { throw .noUsableWords(characters: characters.map(\.text).joined(separator: " ")) }
        return KeyedDuration.fill(lastingSeconds: targetSeconds, timing: timing, using: &generator) { generator, previous in
            var word = self.word(using: &generator) ?? []
            var attempts = 0
            while words.count > 1, word == previous, attempts < 8 {
                word = self.word(using: &generator) ?? []
                attempts += 1
            }
            return word
        }
    }
}
