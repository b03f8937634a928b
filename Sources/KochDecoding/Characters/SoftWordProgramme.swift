import Foundation
import KochCore

/// The dynamic programme of `SoftWordReader` over one stretch of a recording: the best score of
/// every partial reading at every step, by node of the code table, and where each came from.
///
/// A reading goes on from a step by a duration of every length its class allows (a mark, a gap
/// inside a character, a gap between characters, a word gap): each length "relaxes" the score
/// kept where it ends (`relax`). The tables are raw buffers, their subscripts being the hot loop;
/// `deallocate` frees them.
struct SoftWordProgramme {
    /// The best reading found: its score, the node of its last character and the step it ends at.
    struct Ending {
        var score: Double
        var node: Int
        var step: Int
    }

    /// Where each best score came from, by step (and node), as the programme keeps them.
    struct Origins {
        /// For a mark: the step it starts at, and the node it follows (-1 after a character, -2 after a pause).
        let markFromStep: UnsafeMutablePointer<Int32>, markFromNode: UnsafeMutablePointer<Int32>
        /// For a gap inside a character: the step it starts at.
        let gapFromStep: UnsafeMutablePointer<Int32>
        /// For a gap between characters: the step and node of the character it follows.
        let characterFromStep: UnsafeMutablePointer<Int32>, characterFromNode: UnsafeMutablePointer<Int32>
        /// For a pause: the node and step of the character it follows, or -1 if it went on from the step before.
        let pauseFromStep: UnsafeMutablePointer<Int32>, pauseFromNode: UnsafeMutablePointer<Int32>
    }

    /// A table of best scores and where they came from: where a relaxation keeps what beats them.
    struct Kept {
        let scores: UnsafeMutablePointer<Double>
        let steps: UnsafeMutablePointer<Int32>
        /// The node each came from, for the tables that keep it.
        let nodes: UnsafeMutablePointer<Int32>?
    }

    /// The lengths (in steps) a class of duration may take, and the cost of each from the shortest.
    struct Lengths {
        let shortest: Int
        let longest: Int
        let costs: UnsafeMutablePointer<Double>
    }

    /// What a mark scores of the evidence: the evidence summed to each end it may have, less
    /// the evidence summed to its start.
    struct Gain {
        let ends: UnsafeMutablePointer<Double>
        let start: Double
    }

    /// A character ending at the step, with its score.
    struct Closer {
        let node: Int
        let closed: Double
    }

    /// A gap that may follow a character, and the table it ends in.
    struct ClosingGap {
        let kept: Kept
        let lengths: Lengths
    }

    let steps: Int
    /// Steps in a row of the tables (one more than `steps`).
    let width: Int
    let nodeCount: Int
    /// The table's nodes: children by element, and the price of each that is a character (NaN for none).
    let children: [[Int]]
    let extraCosts: [Double]
    let perCharacterCost: Double
    /// The largest cost of a length, which sets how close two characters' scores are a tie.
    let largestCost: Double
    /// The costs of every class's lengths, one class after another.
    let costs: UnsafeMutablePointer<Double>
    /// The evidence summed up to each step.
    let evidenceTo: UnsafeMutablePointer<Double>
    let markLengths: [Lengths]
    let intraLengths: Lengths
    /// Best score of a reading whose last mark ends (by node), whose last gap inside a character
    /// ends (by node), whose last gap between characters ends, or which is in a word gap or the
    /// silence before the first word, at each step.
    let afterMark: UnsafeMutablePointer<Double>, afterGap: UnsafeMutablePointer<Double>
    let afterCharacter: UnsafeMutablePointer<Double>, inPause: UnsafeMutablePointer<Double>
    /// The best of `afterMark` and `afterGap` at each step, over every node.
    let leadingAt: UnsafeMutablePointer<Double>
    let origins: Origins
    let marks: Kept, gaps: Kept
    let closingGaps: [ClosingGap]

    /// The programme over `evidenceTo` (the evidence summed up to each step, one more than the
    /// steps), with the lengths of `durations`, before any step is taken.
    init(trie: CharacterTrie, perCharacterCost: Double, durations: SoftWordReader.ClassDurations, evidenceTo sums: [Double]) {
        steps = sums.count - 1
        width = steps + 1
        nodeCount = trie.nodes.count
        children = trie.nodes.map { $0.children }
        extraCosts = trie.nodes.map { $0.text == nil ? Double.nan : $0.extraCost }
        self.perCharacterCost = perCharacterCost
        let classes = durations.all
        largestCost = classes.flatMap(\.costs).filter(\.isFinite).map(abs).max() ?? 0
        let flattened = classes.flatMap(\.costs)
        costs = Self.table(flattened)
        var lengths: [Lengths] = []
        var offset = 0
        for durations in classes {
            lengths.append(Lengths(shortest: durations.shortest, longest: durations.longest, costs: costs + offset))
            offset += durations.costs.count
        }
        evidenceTo = Self.table(sums)
        markLengths = [lengths[0], lengths[1]]
        intraLengths = lengths[2]
        let cells = nodeCount * width
        afterMark = Self.table(cells, -Double.infinity)
        afterGap = Self.table(cells, -Double.infinity)
        afterCharacter = Self.table(width, -Double.infinity)
        inPause = Self.table(width, -Double.infinity)
        leadingAt = Self.table(width, -Double.infinity)
        inPause[0] = 0
        origins = Origins(
            markFromStep: Self.table(cells, -1), markFromNode: Self.table(cells, -1), gapFromStep: Self.table(cells, -1),
            characterFromStep: Self.table(width, -1), characterFromNode: Self.table(width, -1), pauseFromStep: Self.table(width, -1),
            pauseFromNode: Self.table(width, -1))
        marks = Kept(scores: afterMark, steps: origins.markFromStep, nodes: origins.markFromNode)
        gaps = Kept(scores: afterGap, steps: origins.gapFromStep, nodes: nil)
        closingGaps = [
            ClosingGap(kept: Kept(scores: afterCharacter, steps: origins.characterFromStep, nodes: origins.characterFromNode), lengths: lengths[3]),
            ClosingGap(kept: Kept(scores: inPause, steps: origins.pauseFromStep, nodes: origins.pauseFromNode), lengths: lengths[4]),
        ]
    }

    private static func table<Value>(_ count: Int, _ value: Value) -> UnsafeMutablePointer<Value> {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: count)
        pointer.initialize(repeating: value, count: count)
        return pointer
    }

    private static func table<Value>(_ values: [Value]) -> UnsafeMutablePointer<Value> {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: values.count)
        pointer.initialize(from: values, count: values.count)
        return pointer
    }

    /// Frees the tables.
    func deallocate() {
        for pointer in [costs, evidenceTo, afterMark, afterGap, afterCharacter, inPause, leadingAt] { pointer.deallocate() }
        for pointer in [
            origins.markFromStep, origins.markFromNode, origins.gapFromStep, origins.characterFromStep, origins.characterFromNode,
            origins.pauseFromStep, origins.pauseFromNode,
        ] {
            pointer.deallocate()
        }
    }

    /// Runs the programme over every step; the best reading's end, or nil if none beats silence.
    func run() -> Ending? {
        var best = Ending(score: 0, node: -1, step: -1)
        var closers: [Closer] = []
        for t in 0...steps {
            carryPause(to: t)
            // Readings far behind the best one ending here will not catch up: leave them (a beam search).
            let leading = max(afterCharacter[t], inPause[t], leadingAt[t])
            let floor = leading - SoftWordReader.beamNats
            startMarks(at: t, floor: floor)
            endMarks(at: t, floor: floor, closers: &closers, best: &best)
            closeCharacters(&closers, at: t)
        }
        return best.node >= 0 ? best : nil
    }

    /// Silence goes on for free.
    private func carryPause(to t: Int) {
        guard t > 0, inPause[t - 1] > inPause[t] else { return }
        inPause[t] = inPause[t - 1]
        origins.pauseFromStep[t] = -1
        origins.pauseFromNode[t] = -1
    }

    /// Marks start after a character's gap, a pause, or a gap inside a character.
    private func startMarks(at t: Int, floor: Double) {
        for source in -2..<nodeCount {
            let node = source < 0 ? CharacterTrie.root : source
            let score = source == -2 ? inPause[t] : source == -1 ? afterCharacter[t] : afterGap[node * width + t]
            guard score > -Double.infinity, score >= floor else { continue }
            for (element, lengths) in markLengths.enumerated() {
                let child = children[node][element]
                guard child >= 0 else { continue }
                let gain = Gain(ends: evidenceTo + t + lengths.shortest, start: evidenceTo[t])
                relax(score, gain: gain, lengths: lengths, from: t, into: marks, row: child * width, node: Int32(source), raisesLeading: true)
            }
        }
    }

    /// A mark that ends here is followed by a gap inside its character, or ends the character.
    private func endMarks(at t: Int, floor: Double, closers: inout [Closer], best: inout Ending) {
        for node in 1..<nodeCount {
            let score = afterMark[node * width + t]
            guard score > -Double.infinity, score >= floor else { continue }
            relax(score, gain: nil, lengths: intraLengths, from: t, into: gaps, row: node * width, node: 0, raisesLeading: true)
            guard !extraCosts[node].isNaN else { continue }
            let closed = score - perCharacterCost - extraCosts[node]
            if closed > best.score { best = Ending(score: closed, node: node, step: t) }
            closers.append(Closer(node: node, closed: closed))
        }
    }

    /// Each character that ends here is followed by a gap between characters or a word gap.
    /// Where one scores clearly above the rest it is the better start of every gap, so its
    /// gaps alone are weighed; else each one's, in the order of the table.
    private func closeCharacters(_ closers: inout [Closer], at t: Int) {
        guard let top = closers.max(by: { $0.closed < $1.closed }) else { return }
        let margin = 1e-9 * (1 + abs(top.closed) + largestCost)
        let clear = !closers.contains { $0.node != top.node && $0.closed > top.closed - margin }
        for closer in clear ? [top] : closers {
            for gap in closingGaps {
                relax(closer.closed, gain: nil, lengths: gap.lengths, from: t, into: gap.kept, row: 0, node: Int32(closer.node), raisesLeading: false)
            }
        }
        closers.removeAll(keepingCapacity: true)
    }

    /// Goes on from a reading scoring `score` at step `t` by a duration of every length `lengths`
    /// allows (scoring `gain` of the evidence, for a mark), keeping each in `kept` (row `row`)
    /// where it beats the best so far, and in `leadingAt` where `raisesLeading`. The ends of the
    /// lengths are neighbours: four at a time.
    @inline(__always)
    private func relax(
        _ score: Double, gain: Gain?, lengths: Lengths, from t: Int, into kept: Kept, row: Int, node: Int32, raisesLeading: Bool
    ) {
        let last = min(lengths.longest, steps - t)
        guard last >= lengths.shortest else { return }
        let first = row + t + lengths.shortest, count = last - lengths.shortest + 1
        let leading = leadingAt + t + lengths.shortest
        var index = 0
        while index + 4 <= count {
            var values = SIMD4(repeating: score)
            if let gain { values = values + gain.ends.loadVector(at: index) - SIMD4(repeating: gain.start) }
            values = values - lengths.costs.loadVector(at: index)
            Self.keepBetter(values, at: first + index, in: kept, step: Int32(t), node: node)
            if raisesLeading {
                var ahead = leading.loadVector(at: index)
                ahead.replace(with: values, where: values .> ahead)
                leading.storeVector(ahead, at: index)
            }
            index += 4
        }
        while index < count {
            var value = score
            if let gain { value = value + gain.ends[index] - gain.start }
            value = value - lengths.costs[index]
            Self.keepBetter(value, at: first + index, in: kept, step: Int32(t), node: node)
            if raisesLeading { leading[index] = max(leading[index], value) }
            index += 1
        }
    }

    /// Where four neighbouring readings score better than the best kept so far, keeps them and
    /// where they came from.
    @inline(__always)
    private static func keepBetter(_ values: SIMD4<Double>, at index: Int, in kept: Kept, step: Int32, node: Int32) {
        let better = values .> kept.scores.loadVector(at: index)
        guard any(better) else { return }
        for lane in 0..<4 where better[lane] {
            keepBetter(values[lane], at: index + lane, in: kept, step: step, node: node)
        }
    }

    /// One reading's score kept, with where it came from, where it beats the best so far.
    @inline(__always)
    private static func keepBetter(_ value: Double, at index: Int, in kept: Kept, step: Int32, node: Int32) {
        guard value > kept.scores[index] else { return }
        kept.scores[index] = value
        kept.steps[index] = step
        kept.nodes?[index] = node
    }
}
