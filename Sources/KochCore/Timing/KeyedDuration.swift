/// How long words keep the key busy, from the first key-down to the last
/// key-up, computed from the element counts without laying out a timeline
/// (a book has many words); and filling a lesson with words to a length.
public enum KeyedDuration {
    /// One word or group.
    public static func seconds(of word: [Symbol], timing: Timing) -> Double {
        guard !word.isEmpty else { return 0 }
        var units = 0
        var elements = 0
        for symbol in word {
            for element in symbol.elements { units += element.units }
            elements += symbol.elements.count
        }
        let intraGaps = elements - word.count
        return Double(units) * timing.unitSeconds
            + Double(intraGaps) * timing.durationSeconds(of: .intraCharacter)
            + Double(word.count - 1) * timing.durationSeconds(of: .character)
    }

    /// Words and the word gaps between them.
    public static func seconds(of words: [[Symbol]], timing: Timing) -> Double {
        guard !words.isEmpty else { return 0 }
        return words.reduce(0) { $0 + seconds(of: $1, timing: timing) }
            + Double(words.count - 1) * timing.durationSeconds(of: .word)
    }

    /// Words drawn one after another until they last `targetSeconds`,
    /// ending on a whole word: when the next word would run past the
    /// target, the `alternatives` for the last word are drawn (by default
    /// seven more words) and the one that lands closest is kept (or none,
    /// if stopping is closer).
    static func fill(
        lastingSeconds targetSeconds: Double, timing: Timing, using generator: inout SeededGenerator,
        draw: (inout SeededGenerator, [Symbol]?) -> [Symbol],
        alternatives: ((inout SeededGenerator, [Symbol]?) -> [[Symbol]])? = nil
    ) -> [[Symbol]] {
        var words: [[Symbol]] = []
        var seconds = 0.0
        let wordGap = timing.durationSeconds(of: .word)
        func added(_ word: [Symbol]) -> Double {
            KeyedDuration.seconds(of: word, timing: timing) + (words.isEmpty ? 0 : wordGap)
        }
        while seconds < targetSeconds {
            let word = draw(&generator, words.last)
            guard !word.isEmpty else { break }
            if seconds + added(word) <= targetSeconds {
                words.append(word)
                seconds += added(word)
                continue
            }
            var best = word
            let candidates = alternatives?(&generator, words.last) ?? (0..<7).map { _ in draw(&generator, words.last) }
            for candidate in candidates
            where abs(seconds + added(candidate) - targetSeconds) < abs(seconds + added(best) - targetSeconds) {
                best = candidate
            }
            if words.isEmpty || abs(seconds + added(best) - targetSeconds) < targetSeconds - seconds {
                words.append(best)
            }
            break
        }
        return words
    }
}
