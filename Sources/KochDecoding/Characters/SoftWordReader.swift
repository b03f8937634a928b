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
    private struct Durations {
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

    /// Where four neighbouring readings score better than the best kept so far, keeps them and
    /// where they came from (the step, and the node if `nodes` is given).
    @inline(__always)
    private static func keepBetter(
        _ values: SIMD4<Double>, at index: Int, scores: UnsafeMutablePointer<Double>, steps: UnsafeMutablePointer<Int32>, step: Int32,
        nodes: UnsafeMutablePointer<Int32>? = nil, node: Int32 = 0
    ) {
        let better = values .> scores.loadVector(at: index)
        guard any(better) else { return }
        for lane in 0..<4 where better[lane] {
            keepBetter(values[lane], at: index + lane, scores: scores, steps: steps, step: step, nodes: nodes, node: node)
        }
    }

    /// One reading's score kept, with where it came from, where it beats the best so far.
    @inline(__always)
    private static func keepBetter(
        _ value: Double, at index: Int, scores: UnsafeMutablePointer<Double>, steps: UnsafeMutablePointer<Int32>, step: Int32,
        nodes: UnsafeMutablePointer<Int32>? = nil, node: Int32 = 0
    ) {
        guard value > scores[index] else { return }
        scores[index] = value
        steps[index] = step
        nodes?[index] = node
    }

    /// Reads the words held between two times of the recording; empty if no reading beats silence.
    func read(_ evidence: MarkEvidence, fromSeconds: Double, toSeconds: Double, model: TimingModel) -> [Reading] {
        let step = Self.samplesPerStep
        let low = max(0, evidence.index(atSeconds: fromSeconds))
        let high = min(evidence.values.count, evidence.index(atSeconds: toSeconds))
        let steps = (high - low) / step
        guard steps > 2 else { return [] }
        var prefix = [0.0]
        prefix.reserveCapacity(steps + 1)
        for k in 0..<steps {
            var sum = 0.0
            for j in 0..<step { sum += Double(evidence.values[low + k * step + j]) }
            prefix.append(prefix[k] + sum)
        }
        let stepSeconds = Double(step) / evidence.rate
        let dit = Durations(centreLog: model.ditLog, spread: model.markSpread, stepSeconds: stepSeconds)
        let dah = Durations(centreLog: model.dahLog, spread: model.markSpread, stepSeconds: stepSeconds)
        let intra = Durations(centreLog: model.intraCharacterLog, spread: model.gapSpread, stepSeconds: stepSeconds)
        let between = Durations(centreLog: model.characterLog, spread: model.gapSpread, stepSeconds: stepSeconds)
        // A word gap costs its distance below the word centre; longer, it is a pause, and free.
        let word = Durations(centreLog: model.wordLog, spread: model.gapSpread, stepSeconds: stepSeconds, upToCentre: true)

        let nodeCount = trie.nodes.count
        let width = steps + 1
        let none = -Double.infinity
        // The tables of the programme, as raw buffers: their subscripts are the hot loop.
        func table<Value>(_ count: Int, _ value: Value) -> UnsafeMutableBufferPointer<Value> {
            let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: count)
            buffer.initialize(repeating: value)
            return buffer
        }
        // Best score of a reading whose last mark ends (M), whose last gap inside a character ends (G),
        // whose last gap between characters ends (C), or which is in a word gap or the silence
        // before the first word (W), at each step, by node of the table where there is one.
        let afterMark = table(nodeCount * width, none), afterGap = table(nodeCount * width, none)
        let afterCharacter = table(width, none), inPause = table(width, none)
        // The best of afterMark and afterGap at each step, over every node.
        let leadingAt = table(width, none)
        inPause[0] = 0
        // Where each came from: the step, and the node (for a mark: -1 after a character, -2 after a pause).
        let markFromStep = table(nodeCount * width, Int32(-1)), markFromNode = table(nodeCount * width, Int32(-1))
        let gapFromStep = table(nodeCount * width, Int32(-1))
        let characterFromStep = table(width, Int32(-1)), characterFromNode = table(width, Int32(-1))
        // For a pause: the node and step of the character it follows, or -1 if it went on from the step before.
        let pauseFromStep = table(width, Int32(-1)), pauseFromNode = table(width, Int32(-1))
        defer {
            for buffer in [afterMark, afterGap, afterCharacter, inPause, leadingAt] { buffer.deallocate() }
            for buffer in [markFromStep, markFromNode, gapFromStep, characterFromStep, characterFromNode, pauseFromStep, pauseFromNode] {
                buffer.deallocate()
            }
        }
        // The durations' costs, one class after another, and the evidence summed up to each step.
        let classes = [dit, dah, intra, between, word]
        let costs = table(classes.reduce(0) { $0 + $1.costs.count }, 0.0)
        var offsets: [Int] = []
        for durations in classes {
            let offset = offsets.last.map { $0 + classes[offsets.count - 1].costs.count } ?? 0
            offsets.append(offset)
            _ = UnsafeMutableBufferPointer(rebasing: costs[offset..<(offset + durations.costs.count)]).initialize(from: durations.costs)
        }
        let evidenceTo = table(prefix.count, 0.0)
        _ = evidenceTo.initialize(from: prefix)
        defer {
            costs.deallocate()
            evidenceTo.deallocate()
        }
        var best = (score: 0.0, node: -1, step: -1)
        // The table's nodes: children by element, and whether (and at what price) each is a character.
        let children = trie.nodes.map { $0.children }
        let extraCosts = trie.nodes.map { $0.text == nil ? Double.nan : $0.extraCost }
        let markClasses = [(0, dit, offsets[0]), (1, dah, offsets[1])]
        let intraCosts = costs.baseAddress.map { $0 + offsets[2] }
        let closingGaps = [
            (afterCharacter, characterFromStep, characterFromNode, between, offsets[3]), (inPause, pauseFromStep, pauseFromNode, word, offsets[4]),
        ]
        guard let costs = costs.baseAddress, let evidenceTo = evidenceTo.baseAddress, let intraCosts,
            let afterMarkStart = afterMark.baseAddress, let afterGapStart = afterGap.baseAddress, let leadingStart = leadingAt.baseAddress,
            let markFromStepStart = markFromStep.baseAddress, let markFromNodeStart = markFromNode.baseAddress,
            let gapFromStepStart = gapFromStep.baseAddress
        else { return [] }

        var closers: [(node: Int, closed: Double)] = []
        let largestCost = classes.flatMap(\.costs).filter(\.isFinite).map(abs).max() ?? 0
        /// Weighs the gaps that may follow a character ending at `t` with the score `closed`.
        func closeCharacter(node: Int, closed: Double, at t: Int) {
            for (scores, fromSteps, fromNodes, durations, offset) in closingGaps {
                let last = min(durations.longest, steps - t)
                guard last >= durations.shortest, let scoresStart = scores.baseAddress, let fromStepsStart = fromSteps.baseAddress,
                    let fromNodesStart = fromNodes.baseAddress
                else { continue }
                let first = t + durations.shortest, count = last - durations.shortest + 1, lengthCosts = costs + offset
                var index = 0
                while index + 4 <= count {
                    Self.keepBetter(
                        SIMD4(repeating: closed) - lengthCosts.loadVector(at: index), at: first + index, scores: scoresStart,
                        steps: fromStepsStart, step: Int32(t), nodes: fromNodesStart, node: Int32(node))
                    index += 4
                }
                while index < count {
                    Self.keepBetter(
                        closed - lengthCosts[index], at: first + index, scores: scoresStart, steps: fromStepsStart, step: Int32(t),
                        nodes: fromNodesStart, node: Int32(node))
                    index += 1
                }
            }
        }

        for t in 0...steps {
            // Silence goes on for free.
            if t > 0, inPause[t - 1] > inPause[t] {
                inPause[t] = inPause[t - 1]
                pauseFromStep[t] = -1
                pauseFromNode[t] = -1
            }
            // Readings far behind the best one ending here will not catch up: leave them (a beam search).
            let leading = max(afterCharacter[t], inPause[t], leadingAt[t])
            let floor = leading - Self.beamNats
            // Marks start after a character's gap, a pause, or a gap inside a character.
            for source in -2..<nodeCount {
                let node = source < 0 ? CharacterTrie.root : source
                let score = source == -2 ? inPause[t] : source == -1 ? afterCharacter[t] : afterGap[node * width + t]
                guard score > none, score >= floor else { continue }
                for (element, durations, offset) in markClasses {
                    let child = children[node][element]
                    guard child >= 0 else { continue }
                    let last = min(durations.longest, steps - t)
                    guard last >= durations.shortest else { continue }
                    // Marks of every length from here: their ends are neighbours, four at a time.
                    let first = child * width + t + durations.shortest, count = last - durations.shortest + 1
                    let ends = evidenceTo + t + durations.shortest, lengthCosts = costs + offset
                    let start = evidenceTo[t]
                    var index = 0
                    while index + 4 <= count {
                        let values =
                            SIMD4(repeating: score) + ends.loadVector(at: index) - SIMD4(repeating: start) - lengthCosts.loadVector(at: index)
                        Self.keepBetter(
                            values, at: first + index, scores: afterMarkStart, steps: markFromStepStart, step: Int32(t),
                            nodes: markFromNodeStart, node: Int32(source))
                        let leading = leadingStart + t + durations.shortest + index
                        var ahead = leading.loadVector(at: 0)
                        ahead.replace(with: values, where: values .> ahead)
                        leading.storeVector(ahead, at: 0)
                        index += 4
                    }
                    while index < count {
                        let value = score + ends[index] - start - lengthCosts[index]
                        Self.keepBetter(
                            value, at: first + index, scores: afterMarkStart, steps: markFromStepStart, step: Int32(t), nodes: markFromNodeStart,
                            node: Int32(source))
                        leadingAt[t + durations.shortest + index] = max(leadingAt[t + durations.shortest + index], value)
                        index += 1
                    }
                }
            }
            // A mark that ends here is followed by a gap inside its character, or ends the character.
            for node in 1..<nodeCount {
                let score = afterMark[node * width + t]
                guard score > none, score >= floor else { continue }
                let intraLast = min(intra.longest, steps - t)
                if intraLast >= intra.shortest {
                    let first = node * width + t + intra.shortest, count = intraLast - intra.shortest + 1
                    var index = 0
                    while index + 4 <= count {
                        let values = SIMD4(repeating: score) - intraCosts.loadVector(at: index)
                        Self.keepBetter(values, at: first + index, scores: afterGapStart, steps: gapFromStepStart, step: Int32(t))
                        let leading = leadingStart + t + intra.shortest + index
                        var ahead = leading.loadVector(at: 0)
                        ahead.replace(with: values, where: values .> ahead)
                        leading.storeVector(ahead, at: 0)
                        index += 4
                    }
                    while index < count {
                        let value = score - intraCosts[index]
                        Self.keepBetter(value, at: first + index, scores: afterGapStart, steps: gapFromStepStart, step: Int32(t))
                        leadingAt[t + intra.shortest + index] = max(leadingAt[t + intra.shortest + index], value)
                        index += 1
                    }
                }
                guard !extraCosts[node].isNaN else { continue }
                let closed = score - perCharacterCost - extraCosts[node]
                if closed > best.score { best = (closed, node, t) }
                closers.append((node, closed))
            }
            // Each character that ends here is followed by a gap between characters or a word gap.
            // Where one scores clearly above the rest it is the better start of every gap, so its
            // gaps alone are weighed; else each one's, in the order of the table.
            if let top = closers.max(by: { $0.closed < $1.closed }) {
                let margin = 1e-9 * (1 + abs(top.closed) + largestCost)
                let clear = !closers.contains { $0.node != top.node && $0.closed > top.closed - margin }
                for (node, closed) in clear ? [top] : closers {
                    closeCharacter(node: node, closed: closed, at: t)
                }
                closers.removeAll(keepingCapacity: true)
            }
        }
        guard best.node >= 0 else { return [] }

        return traceBack(
            from: best, width: width, seconds: { evidence.seconds(atIndex: Double(low + $0 * step)) },
            origins: Origins(
                markFromStep: markFromStep, markFromNode: markFromNode, gapFromStep: gapFromStep, characterFromStep: characterFromStep,
                characterFromNode: characterFromNode, pauseFromStep: pauseFromStep, pauseFromNode: pauseFromNode))
    }

    /// Where each best score came from, by step (and node), as `read` keeps them.
    private struct Origins {
        let markFromStep: UnsafeMutableBufferPointer<Int32>, markFromNode: UnsafeMutableBufferPointer<Int32>
        let gapFromStep: UnsafeMutableBufferPointer<Int32>
        let characterFromStep: UnsafeMutableBufferPointer<Int32>, characterFromNode: UnsafeMutableBufferPointer<Int32>
        let pauseFromStep: UnsafeMutableBufferPointer<Int32>, pauseFromNode: UnsafeMutableBufferPointer<Int32>
    }

    /// The best reading, traced back from its last character, character by character.
    private func traceBack(
        from best: (score: Double, node: Int, step: Int), width: Int, seconds: (Int) -> Double, origins: Origins
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
