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
        let ditCost = markLogs.map { model.cost(markLog: $0, as: .dit) }
        let dahCost = markLogs.map { model.cost(markLog: $0, as: .dah) }
        let intraCost = gapLogs.map { model.cost(gapLog: $0, as: .intraCharacter) }
        let characterCost = gapLogs.map { model.cost(gapLog: $0, as: .character) }

        var best = Array(repeating: Double.infinity, count: n + 1)
        var choice = Array(repeating: (start: 0, pattern: -1), count: n + 1)
        best[0] = 0
        for end in 1...n {
            for length in 1...min(maximumLength, end) {
                let start = end - length
                guard best[start] < .infinity else { continue }
                var cost = best[start] + perCharacterCost + (start > 0 ? characterCost[start - 1] : 0)
                for gap in start..<(end - 1) { cost += intraCost[gap] }
                guard cost < best[end] else { continue }
                // Cheapest valid pattern of this length, or the free reading plus a penalty.
                var bestPattern = -1
                var bestPatternCost = Double.infinity
                for (index, candidate) in patterns[length].enumerated() {
                    var patternCost = extraCosts[length][index]
                    for (offset, element) in candidate.elements.enumerated() {
                        patternCost += element == .dit ? ditCost[start + offset] : dahCost[start + offset]
                        if patternCost >= bestPatternCost { break }
                    }
                    if patternCost < bestPatternCost {
                        bestPatternCost = patternCost
                        bestPattern = index
                    }
                }
                var freeCost = invalidPenalty
                for index in start..<end { freeCost += min(ditCost[index], dahCost[index]) }
                if freeCost < bestPatternCost {
                    bestPatternCost = freeCost
                    bestPattern = -1
                }
                if cost + bestPatternCost < best[end] {
                    best[end] = cost + bestPatternCost
                    choice[end] = (start, bestPattern)
                }
            }
        }
        var readings: [Reading] = []
        var end = n
        while end > 0 {
            let (start, pattern) = choice[end]
            let length = end - start
            let elements: [Element]
            let text: String
            if pattern >= 0 {
                elements = patterns[length][pattern].elements
                text = patterns[length][pattern].text
            } else {
                elements = (start..<end).map { ditCost[$0] <= dahCost[$0] ? .dit : .dah }
                text = MorseAlphabet.text(for: elements) ?? "*"
            }
            var ambiguous = false
            for index in start..<end where abs(ditCost[index] - dahCost[index]) < 1 { ambiguous = true }
            for gap in start..<(end - 1) where abs(intraCost[gap] - characterCost[gap]) < 1 { ambiguous = true }
            if start > 0, abs(intraCost[start - 1] - characterCost[start - 1]) < 1 { ambiguous = true }
            readings.append(Reading(marks: start..<end, text: text, elements: elements, isAmbiguous: ambiguous))
            end = start
        }
        return (readings.reversed(), best[n])
    }
}
