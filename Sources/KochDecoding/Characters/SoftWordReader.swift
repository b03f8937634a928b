import Foundation
import KochCore

/// Reads one word of a weak signal straight from the evidence of its
/// samples, deciding where marks start and end, what they are and which
/// characters they make all at once.
///
/// Cut into marks and spaces first, a weak signal loses a dit to the noise
/// here and fills a gap between two marks there, and the reading of the
/// durations cannot undo it. Here every reading of the word is weighed
/// whole: a segmentation into marks and gaps, each mark a dit or a dah and
/// each gap inside a character or between two, walking the code table
/// (`CharacterTrie`) so that only characters are read. A reading scores the
/// evidence of its marks' samples (the segmenter's weighted log likelihood
/// ratios: key up scores nothing), less the cost of every duration against
/// the timing model (log-normal about its centres) and the price of every
/// character. The best reading is found by dynamic programming over the
/// samples and the table's nodes — a hidden semi-Markov model whose states
/// are the code table (Ferguson 1980; Yu, "Hidden semi-Markov models",
/// Artificial Intelligence 2010). Silence before and after the word is free,
/// so a blip at its edges is read only if its evidence pays for a character.
struct SoftWordReader: Sendable {
    /// One character read, with the times of its marks in the recording.
    struct Reading: Sendable {
        let text: String
        let elements: [Element]
        let marks: [(startSeconds: Double, endSeconds: Double)]
        /// Whether a word gap comes before it in the stretch read.
        let startsWord: Bool
    }

    let trie: CharacterTrie
    let perCharacterCost: Double

    /// Envelope samples summed into one step of the programme (4 ms at 500 samples a second).
    static let samplesPerStep = 2
    /// Durations are tried within this many spreads of their centre.
    static let reachSpreads = 3.0
    /// How far behind the best reading at a step, in nats, a reading is still followed (a beam
    /// search): a reading this far behind does not catch up, and a wider beam follows more
    /// readings for nothing.
    static let beamNats = 6.0
    /// The timing model's spread may be sharper than noise lets durations be.
    static let smallestSpread = 0.2

    init(trie: CharacterTrie = CharacterTrie(), perCharacterCost: Double = log(26.0)) {
        self.trie = trie
        self.perCharacterCost = perCharacterCost
    }

    /// Lengths (in steps) a class may take, and the cost of each.
    struct Durations {
        let shortest: Int
        let costs: [Double]
        var longest: Int { shortest + costs.count - 1 }

        /// `upToCentre`: the lengths stop at the centre (where a word gap becomes a free pause).
        init(centreLog: Double, spread: Double, stepSeconds: Double, upToCentre: Bool = false) {
            let s = max(spread, SoftWordReader.smallestSpread)
            let reach = SoftWordReader.reachSpreads * s
            shortest = max(1, Int((exp(centreLog - reach) / stepSeconds).rounded(.down)))
            let longest = max(shortest, Int((exp(centreLog + (upToCentre ? 0 : reach)) / stepSeconds).rounded(.up)))
            costs = (shortest...longest).map { steps in
                let d = log(Double(steps) * stepSeconds) - centreLog
                return d * d / (2 * s * s)
            }
        }
    }

    /// The lengths of the five classes (dit, dah, gap inside a character, between characters,
    /// between words) in steps of the programme, against `model`.
    struct ClassDurations {
        let dit: Durations, dah: Durations, intra: Durations, between: Durations, word: Durations
        /// The five, in that order.
        var all: [Durations] { [dit, dah, intra, between, word] }

        init(model: TimingModel, stepSeconds: Double) {
            dit = Durations(centreLog: model.ditLog, spread: model.markSpread, stepSeconds: stepSeconds)
            dah = Durations(centreLog: model.dahLog, spread: model.markSpread, stepSeconds: stepSeconds)
            intra = Durations(centreLog: model.intraCharacterLog, spread: model.gapSpread, stepSeconds: stepSeconds)
            between = Durations(centreLog: model.characterLog, spread: model.gapSpread, stepSeconds: stepSeconds)
            // A word gap costs its distance below the word centre; longer, it is a pause, and free.
            word = Durations(centreLog: model.wordLog, spread: model.gapSpread, stepSeconds: stepSeconds, upToCentre: true)
        }
    }

    /// Reads the words held between two times of the recording; empty if no reading beats silence.
    func read(_ evidence: MarkEvidence, fromSeconds: Double, toSeconds: Double, model: TimingModel) -> [Reading] {
        let step = Self.samplesPerStep
        let low = max(0, evidence.index(atSeconds: fromSeconds))
        let high = min(evidence.values.count, evidence.index(atSeconds: toSeconds))
        let steps = (high - low) / step
        guard steps > 2 else { return [] }
        let programme = SoftWordProgramme(
            trie: trie, perCharacterCost: perCharacterCost,
            durations: ClassDurations(model: model, stepSeconds: Double(step) / evidence.rate),
            evidenceTo: Self.evidenceSums(evidence.values, from: low, steps: steps))
        defer { programme.deallocate() }
        guard let best = programme.run() else { return [] }
        return traceBack(
            from: best, width: programme.width, seconds: { evidence.seconds(atIndex: Double(low + $0 * step)) }, origins: programme.origins)
    }

    /// The evidence summed over each step from sample `low`, added up to each step (from 0 before the first).
    private static func evidenceSums(_ values: [Float], from low: Int, steps: Int) -> [Double] {
        let step = samplesPerStep
        var prefix = [0.0]
        prefix.reserveCapacity(steps + 1)
        for k in 0..<steps {
            var sum = 0.0
            for j in 0..<step { sum += Double(values[low + k * step + j]) }
            prefix.append(prefix[k] + sum)
        }
        return prefix
    }

    /// The best reading, traced back from its last character, character by character.
    private func traceBack(
        from best: SoftWordProgramme.Ending, width: Int, seconds: (Int) -> Double, origins: SoftWordProgramme.Origins
    ) -> [Reading] {
        let (markFromStep, markFromNode, gapFromStep) = (origins.markFromStep, origins.markFromNode, origins.gapFromStep)
        let (characterFromStep, characterFromNode) = (origins.characterFromStep, origins.characterFromNode)
        let (pauseFromStep, pauseFromNode) = (origins.pauseFromStep, origins.pauseFromNode)
        var readings: [Reading] = []
        var node = best.node, t = best.step
        while true {
            let character = trie.nodes[node]
            var marks: [(startSeconds: Double, endSeconds: Double)] = []
            var current = node
            var end = t
            var start = -1
            var from = -1
            while true {
                let slot = current * width + end
                start = Int(markFromStep[slot])
                from = Int(markFromNode[slot])
                marks.insert((seconds(start), seconds(end)), at: 0)
                if from < 0 { break }
                current = from
                end = Int(gapFromStep[current * width + start])
            }
            var previous = -1
            if from == -1 {
                previous = Int(characterFromNode[start])
                t = Int(characterFromStep[start])
            } else {
                var pause = start
                while pause > 0, pauseFromStep[pause] < 0, pauseFromNode[pause] < 0 { pause -= 1 }
                previous = Int(pauseFromNode[pause])
                t = Int(pauseFromStep[pause])
            }
            readings.insert(
                Reading(
                    text: character.text ?? "*", elements: character.elements, marks: marks,
                    startsWord: from == -2 && previous >= 0), at: 0)
            guard previous >= 0 else { break }
            node = previous
        }
        return readings
    }
}
