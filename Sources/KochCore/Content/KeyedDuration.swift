/// How long one word or group keeps the key busy, from its first key-down
/// to its last key-up, computed from the element counts without laying
/// out a timeline (a book has many words).
enum KeyedDuration {
    static func seconds(of word: [Symbol], timing: Timing) -> Double {
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

    /// Words drawn one after another until they last `targetSeconds`,
    /// ending on a whole word: when the next word would run past the
    /// target, a few more are drawn and the one that lands closest is kept
    /// (or none, if stopping is closer), as GroupGenerator does for groups.
    static func fill(
        lastingSeconds targetSeconds: Double, timing: Timing, using generator: inout SeededGenerator,
        draw: (inout SeededGenerator, [Symbol]?) -> [Symbol]
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
            for _ in 0..<7 {
                let candidate = draw(&generator, words.last)
                if abs(seconds + added(candidate) - targetSeconds) < abs(seconds + added(best) - targetSeconds) {
                    best = candidate
                }
            }
            if words.isEmpty || abs(seconds + added(best) - targetSeconds) < targetSeconds - seconds {
                words.append(best)
            }
            break
        }
        return words
    }
}
