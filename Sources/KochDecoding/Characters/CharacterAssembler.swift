import Foundation
import KochCore

/// Splits the marks of one word into characters, choosing for every mark
/// dit or dah and for every gap "inside a character" or "between characters"
/// together, so that the word reads as characters of the code table.
///
/// Each choice costs its distance from the learned cluster centre
/// (`TimingModel`); a dynamic programme over the marks finds the cheapest
/// reading in which every character is in the table. A boundary that turns
/// one impossible pattern into two valid characters therefore wins when the
/// timing is ambiguous, and a pattern that is no character at all is kept,
/// shown as `*`, only when the timing insists on it.
public struct CharacterAssembler: Sendable {
    /// One character read from a word.
    public struct Reading: Sendable, Hashable {
        /// Indices of its marks in the word.
        public let marks: Range<Int>
        /// Its text, or `*` for a pattern that is no character.
        public let text: String
        public let elements: [Element]
        /// Whether some mark or gap lay close to a class boundary.
        public let isAmbiguous: Bool
    }

    /// Extra cost of a pattern that is no character.
    public var invalidPenalty = 9.0
    /// Cost of every character read, in nats: the prior of the code table.
    ///
    /// A word's marks can nearly always be cut into more, shorter characters
    /// (E, T, I, A…) that are each valid; without a price on every character the
    /// reading only weighs the gaps, and a jittery fist's long gaps inside a
    /// character split it. Read as a probability, each character of a text of
    /// letters is one of 26: ln 26 ≈ 3.26 nats.
    public var perCharacterCost = log(26.0)
    /// What is expected: the extra cost of each character (`CharacterPrior`).
    public let prior: CharacterPrior
    /// Longest pattern tried.
    public let maximumLength = 9
    /// The code table by length (`MorseAlphabet.readings`).
    private let patterns: [[MorseAlphabet.PatternReading]]
    /// The prior's extra cost of each pattern, as `patterns` holds them.
    private let extraCosts: [[Double]]

    public init(prior: CharacterPrior = .text) {
        self.prior = prior
        var byLength = Array(repeating: [MorseAlphabet.PatternReading](), count: maximumLength + 1)
        for reading in MorseAlphabet.readings where reading.elements.count <= maximumLength {
            byLength[reading.elements.count].append(reading)
        }
        patterns = byLength
        extraCosts = byLength.map { readings in readings.map { prior.extraCost(of: $0.elements) } }
    }

    /// Reads a word: `markLogs` are the natural logs of its mark lengths in
    /// seconds, `gapLogs` those of the gaps between them (one fewer).
    public func read(markLogs: [Double], gapLogs: [Double], model: TimingModel) -> [Reading] {
        readWithCost(markLogs: markLogs, gapLogs: gapLogs, model: model).readings
    }

    /// The reading and its total cost (lower is a better fit of the timing to the code table).
    public func readWithCost(markLogs: [Double], gapLogs: [Double], model: TimingModel) -> (readings: [Reading], cost: Double) {
        let n = markLogs.count
        guard n > 0 else { return ([], 0) }
        let costs = WordCosts(markLogs: markLogs, gapLogs: gapLogs, model: model)
        // The cheapest reading of the first `end` marks, and its last character.
        var best = Array(repeating: Double.infinity, count: n + 1)
        var choice = Array(repeating: Choice(start: 0, pattern: -1), count: n + 1)
        best[0] = 0
        for end in 1...n {
            for length in 1...min(maximumLength, end) {
                let start = end - length
                guard best[start] < .infinity else { continue }
                var cost = best[start] + perCharacterCost + (start > 0 ? costs.character[start - 1] : 0)
                for gap in start..<(end - 1) { cost += costs.intra[gap] }
                guard cost < best[end] else { continue }
                let character = cheapestCharacter(of: start..<end, costs: costs)
                if cost + character.cost < best[end] {
                    best[end] = cost + character.cost
                    choice[end] = Choice(start: start, pattern: character.pattern)
                }
            }
        }
        return (readings(choices: choice, costs: costs), best[n])
    }

    /// The cost of each mark of a word as a dit and as a dah, and of each gap inside a
    /// character and between characters.
    private struct WordCosts {
        let dit: [Double], dah: [Double]
        let intra: [Double], character: [Double]

        init(markLogs: [Double], gapLogs: [Double], model: TimingModel) {
            dit = markLogs.map { model.cost(markLog: $0, as: .dit) }
            dah = markLogs.map { model.cost(markLog: $0, as: .dah) }
            intra = gapLogs.map { model.cost(gapLog: $0, as: .intraCharacter) }
            character = gapLogs.map { model.cost(gapLog: $0, as: .character) }
        }
    }

    /// The last character of the cheapest reading of a word's first marks: the mark it starts
    /// at, and its pattern (an index into `patterns` of its length; -1 for none of the table).
    private struct Choice {
        let start: Int
        let pattern: Int
    }

    /// A pattern for one character's marks, and what its elements cost.
    private struct PatternCost {
        let pattern: Int
        let cost: Double
    }

    /// The cheapest valid pattern for the marks `marks`, or the free reading (each mark its
    /// cheaper element) plus a penalty where that is cheaper (pattern -1).
    private func cheapestCharacter(of marks: Range<Int>, costs: WordCosts) -> PatternCost {
        let length = marks.count, start = marks.lowerBound
        var bestPattern = -1
        var bestPatternCost = Double.infinity
        for (index, candidate) in patterns[length].enumerated() {
            var patternCost = extraCosts[length][index]
            for (offset, element) in candidate.elements.enumerated() {
                patternCost += element == .dit ? costs.dit[start + offset] : costs.dah[start + offset]
                if patternCost >= bestPatternCost { break }
            }
            if patternCost < bestPatternCost {
                bestPatternCost = patternCost
                bestPattern = index
            }
        }
        var freeCost = invalidPenalty
        for index in marks { freeCost += min(costs.dit[index], costs.dah[index]) }
        if freeCost < bestPatternCost {
            bestPatternCost = freeCost
            bestPattern = -1
        }
        return PatternCost(pattern: bestPattern, cost: bestPatternCost)
    }

    /// The characters of the cheapest reading, traced back from the word's last mark.
    private func readings(choices: [Choice], costs: WordCosts) -> [Reading] {
        var readings: [Reading] = []
        var end = choices.count - 1
        while end > 0 {
            let start = choices[end].start, pattern = choices[end].pattern
            let length = end - start
            let elements: [Element]
            let text: String
            if pattern >= 0 {
                elements = patterns[length][pattern].elements
                text = patterns[length][pattern].text
            } else {
                elements = (start..<end).map { costs.dit[$0] <= costs.dah[$0] ? .dit : .dah }
                text = MorseAlphabet.text(for: elements) ?? "*"
            }
            readings.append(Reading(marks: start..<end, text: text, elements: elements, isAmbiguous: isAmbiguous(start..<end, costs: costs)))
            end = start
        }
        return readings.reversed()
    }

    /// Whether some mark of a character, a gap inside it or the gap before it lay close to a class boundary.
    private func isAmbiguous(_ marks: Range<Int>, costs: WordCosts) -> Bool {
        let start = marks.lowerBound, end = marks.upperBound
        var ambiguous = false
        for index in start..<end where abs(costs.dit[index] - costs.dah[index]) < 1 { ambiguous = true }
        for gap in start..<(end - 1) where abs(costs.intra[gap] - costs.character[gap]) < 1 { ambiguous = true }
        if start > 0, abs(costs.intra[start - 1] - costs.character[start - 1]) < 1 { ambiguous = true }
        return ambiguous
    }
}
