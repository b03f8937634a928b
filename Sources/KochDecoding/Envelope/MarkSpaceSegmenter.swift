import KochCore

/// Cuts the envelope into marks and spaces by the most likely sequence of
/// key-down and key-up states, not by a hard threshold sample by sample.
///
/// A Viterbi decoder (Viterbi 1967; Forney, "The Viterbi algorithm", Proc.
/// IEEE 1973) over the samples' log likelihood ratios (`AdaptiveThreshold`)
/// with a duration prior: a mark or a space lasts at least
/// `minimumLengthSamples` (a chain of that many states on each side, the
/// textbook way to give a hidden Markov model a minimum duration; Rabiner,
/// "A tutorial on hidden Markov models", Proc. IEEE 1989, §IV.D), and every
/// change of state costs `switchCostNats`. A stretch of samples changes the
/// state only if the evidence summed over it outweighs that: a noise spike
/// in a space or a dip in a dah carries little evidence however far it
/// reaches, while a faint dit carries a lot even if noise pushes some of its
/// samples under the threshold. The matched filter makes neighbouring samples
/// alike, so each sample's ratio counts for `weight` (about one independent
/// observation per filter length).
///
/// Decisions come out with a fixed lag: when two lags are held the best path
/// is traced back and the older half is released, by which time the
/// survivors of every state agree on it.
///
/// A duration prior (`setDurationPrior`) makes the model semi-Markov
/// (Ferguson 1980; Yu, "Hidden semi-Markov models", Artificial Intelligence
/// 2010): the chains run as long as the longest duration the prior
/// describes, and ending a mark or a space after `d` samples costs the
/// switch cost plus the prior's cost of `d`, so a split dah or a burst of
/// noise a fraction of a dit long must bring that much more evidence.
struct MarkSpaceSegmenter: Sendable {
    let switchCostNats: Double
    let lagSamples: Int
    private(set) var minimumLengthSamples: Int
    /// Cost (negative log likelihood, less the smallest) of being in the
    /// i-th sample of a mark (or space), the last entry being "i or more".
    private var markCosts: [Double]
    private var spaceCosts: [Double]
    private var nextMark: [Double]
    private var nextSpace: [Double]
    /// Cost of ending a mark (space) in its i-th sample, the last entry being "i or more".
    private var markExitCosts: [Double]
    private var spaceExitCosts: [Double]
    /// Per held sample: bit 0 set if the last space state stayed (rather than
    /// arrived from the one before it), bit 1 the same for the last mark state.
    private var stays: [UInt8] = []
    /// Per held sample: the state of the space (mark) a new mark (space) came from.
    private var markEntries: [Int32] = []
    private var spaceEntries: [Int32] = []
    private var markChainLengths: [Int32] = []
    private var spaceChainLengths: [Int32] = []
    private var held: [AdaptiveThreshold.Decision] = []

    init(switchCostNats: Double, minimumLengthSamples: Int, lagSamples: Int) {
        self.switchCostNats = switchCostNats
        self.lagSamples = max(1, lagSamples)
        let length = max(1, minimumLengthSamples)
        self.minimumLengthSamples = length
        markCosts = Array(repeating: 0, count: length)
        spaceCosts = Array(repeating: 0, count: length)
        // Start in a long space.
        for index in 0..<(length - 1) {
            markCosts[index] = .infinity
            spaceCosts[index] = .infinity
        }
        markCosts[length - 1] = switchCostNats
        nextMark = markCosts
        nextSpace = spaceCosts
        markExitCosts = Self.plainExitCosts(length: length, switchCostNats: switchCostNats)
        spaceExitCosts = markExitCosts
    }

    private static func plainExitCosts(length: Int, switchCostNats: Double) -> [Double] {
        var costs = [Double](repeating: .infinity, count: length)
        costs[length - 1] = switchCostNats
        return costs
    }

    /// Changes the minimum length (the speed changed); paths already in a chain keep their place in it.
    /// Any duration prior is dropped.
    mutating func setMinimumLength(_ samples: Int) {
        let length = max(1, samples)
        minimumLengthSamples = length
        let plain = Self.plainExitCosts(length: length, switchCostNats: switchCostNats)
        setExitCosts(mark: plain, space: plain)
    }

    /// Gives marks and spaces a duration prior: entry i is the cost (in nats, above the switch
    /// cost) of a mark or space that lasts i + 1 samples, the last entry for that many or more.
    /// Durations under the minimum length stay impossible.
    mutating func setDurationPrior(mark: [Double], space: [Double]) {
        func exits(_ prior: [Double]) -> [Double] {
            let length = max(prior.count, minimumLengthSamples)
            return (0..<length).map { index in
                index < minimumLengthSamples - 1 ? .infinity : switchCostNats + (prior.isEmpty ? 0 : prior[min(index, prior.count - 1)])
            }
        }
        setExitCosts(mark: exits(mark), space: exits(space))
    }

    private mutating func setExitCosts(mark: [Double], space: [Double]) {
        let oldMark = markCosts.count, oldSpace = spaceCosts.count
        if mark.count != oldMark { markCosts = (0..<mark.count).map { markCosts[min($0, oldMark - 1)] } }
        if space.count != oldSpace { spaceCosts = (0..<space.count).map { spaceCosts[min($0, oldSpace - 1)] } }
        nextMark = markCosts
        nextSpace = spaceCosts
        markExitCosts = mark
        spaceExitCosts = space
    }

    /// Takes one sample's decision; appends the decisions released, each with its final state.
    mutating func process(
        _ decision: AdaptiveThreshold.Decision, weight: Double, into released: inout [(decision: AdaptiveThreshold.Decision, keyDown: Bool)]
    ) {
        let evidence = weight * decision.logLikelihoodRatio
        let markEvidence = -0.5 * evidence, spaceEvidence = 0.5 * evidence
        let lastMark = markCosts.count - 1, lastSpace = spaceCosts.count - 1
        // Each chain's way out and its states moved on, from the costs before this sample; then
        // each chain's first state, entered from the other's way out.
        let mark = Self.moveOn(markCosts, markExitCosts, into: &nextMark, evidence: markEvidence)
        let space = Self.moveOn(spaceCosts, spaceExitCosts, into: &nextSpace, evidence: spaceEvidence)
        var pointer: UInt8 = 0
        let (markStayed, markFirst) = Self.enter(markCosts, into: &nextMark, entering: space.exitCost, evidence: markEvidence, moved: mark)
        let (spaceStayed, spaceFirst) = Self.enter(spaceCosts, into: &nextSpace, entering: mark.exitCost, evidence: spaceEvidence, moved: space)
        if markStayed { pointer |= 2 }
        if spaceStayed { pointer |= 1 }
        let (fromSpace, fromMark) = (space.exitState, mark.exitState)
        let smallest = min(min(mark.smallest, markFirst), min(space.smallest, spaceFirst))
        Self.subtract(smallest, from: nextMark, into: &markCosts)
        Self.subtract(smallest, from: nextSpace, into: &spaceCosts)
        stays.append(pointer)
        markEntries.append(Int32(fromSpace))
        spaceEntries.append(Int32(fromMark))
        markChainLengths.append(Int32(lastMark + 1))
        spaceChainLengths.append(Int32(lastSpace + 1))
        held.append(decision)
        if held.count >= 2 * lagSamples { release(count: lagSamples, into: &released) }
    }

    // The steps of `process`, a chain at a time, four states at a time where they can be.

    /// What one chain's step needs before its first state is entered: its cheapest way out
    /// (cost of being in a state plus of leaving it) and the first state it leaves from (the
    /// first state when every way out is closed); every state but the first moved on by one
    /// sample with the evidence added, the last also from itself; whether the last stayed; and
    /// the smallest of the states moved on. One pass over the chain, four states at a time.
    private static func moveOn(_ costs: [Double], _ exitCosts: [Double], into next: inout [Double], evidence: Double) -> Moved {
        let count = costs.count
        guard count >= 2 else {
            // A chain of one state: it is entered or stays (`enter`), and nothing moves on.
            let exit = costs[0] + exitCosts[0]
            return Moved(exitCost: exit < .infinity ? exit : .infinity, exitState: 0, stayed: false, smallest: .infinity)
        }
        return costs.withUnsafeBufferPointer { costs in
            exitCosts.withUnsafeBufferPointer { exitCosts in
                next.withUnsafeMutableBufferPointer { next in
                    guard let c = costs.baseAddress, let e = exitCosts.baseAddress, let n = next.baseAddress else {
                        return Moved(exitCost: .infinity, exitState: 0, stayed: false, smallest: .infinity)
                    }
                    // States 0 ..< count − 2 move on to 1 ..< count − 1; the last stays or takes the one before.
                    let body = count - 2
                    let step = SIMD4<Double>(repeating: evidence)
                    var lowest = SIMD4<Double>(repeating: .infinity)
                    var lowestState = SIMD4<Int64>(repeating: 0)
                    var states = SIMD4<Int64>(0, 1, 2, 3)
                    var smallestMoved = SIMD4<Double>(repeating: .infinity)
                    var index = 0
                    while index + 4 <= body {
                        let values = c.loadVector(at: index)
                        let sums = values + e.loadVector(at: index)
                        let cheaper = sums .< lowest
                        lowest.replace(with: sums, where: cheaper)
                        lowestState.replace(with: states, where: cheaper)
                        states &+= 4
                        let moved = values + step
                        n.storeVector(moved, at: index + 1)
                        smallestMoved.replace(with: moved, where: moved .< smallestMoved)
                        index += 4
                    }
                    var cheapest = Double.infinity, first = 0
                    for lane in 0..<4 where lowest[lane] < cheapest || (lowest[lane] == cheapest && Int(lowestState[lane]) < first) {
                        cheapest = lowest[lane]
                        first = Int(lowestState[lane])
                    }
                    var smallest = smallestMoved.min()
                    while index < count {
                        if c[index] + e[index] < cheapest {
                            cheapest = c[index] + e[index]
                            first = index
                        }
                        if index < body {
                            n[index + 1] = c[index] + evidence
                            smallest = min(smallest, n[index + 1])
                        }
                        index += 1
                    }
                    if cheapest == .infinity { first = 0 }
                    let last = count - 1
                    let stayed = c[last] <= c[last - 1]
                    n[last] = (stayed ? c[last] : c[last - 1]) + evidence
                    smallest = min(smallest, n[last])
                    return Moved(exitCost: cheapest, exitState: first, stayed: stayed, smallest: smallest)
                }
            }
        }
    }

    /// One chain's step, as far as `moveOn` takes it.
    private struct Moved {
        let exitCost: Double
        let exitState: Int
        let stayed: Bool
        let smallest: Double
    }

    /// Enters a chain's first state from the other chain's way out, once `moveOn` has moved the
    /// rest on: whether the chain stayed (for a chain of one state, against the entry), and the
    /// first state's cost with the evidence added.
    private static func enter(_ costs: [Double], into next: inout [Double], entering: Double, evidence: Double, moved: Moved) -> (Bool, Double) {
        if costs.count == 1 {
            next[0] = min(costs[0], entering) + evidence
            return (costs[0] <= entering, next[0])
        }
        next[0] = entering + evidence
        return (moved.stayed, next[0])
    }

    /// The chain's costs for the next sample: those moved on, less the smallest of both chains.
    private static func subtract(_ smallest: Double, from next: [Double], into costs: inout [Double]) {
        next.withUnsafeBufferPointer { next in
            costs.withUnsafeMutableBufferPointer { costs in
                guard let n = next.baseAddress, let c = costs.baseAddress else { return }
                let step = SIMD4<Double>(repeating: smallest)
                var index = 0
                while index + 4 <= costs.count {
                    c.storeVector(n.loadVector(at: index) - step, at: index)
                    index += 4
                }
                while index < costs.count {
                    c[index] = n[index] - smallest
                    index += 1
                }
            }
        }
    }

    /// Releases every sample still held, at the end of the recording.
    mutating func finish(into released: inout [(decision: AdaptiveThreshold.Decision, keyDown: Bool)]) {
        release(count: held.count, into: &released)
    }

    private mutating func release(count: Int, into released: inout [(decision: AdaptiveThreshold.Decision, keyDown: Bool)]) {
        guard count > 0 else { return }
        var states = [Bool](repeating: false, count: held.count)
        // Start from the best state now.
        var keyDown = false, position = 0, best = Double.infinity
        for index in markCosts.indices where markCosts[index] < best {
            best = markCosts[index]
            keyDown = true
            position = index
        }
        for index in spaceCosts.indices where spaceCosts[index] < best {
            best = spaceCosts[index]
            keyDown = false
            position = index
        }
        for time in stride(from: held.count - 1, through: 0, by: -1) {
            states[time] = keyDown
            let chain = Int(keyDown ? markChainLengths[time] : spaceChainLengths[time])
            position = min(position, chain - 1)
            let stayed = stays[time] & (keyDown ? 2 : 1) != 0
            if position == 0 && (chain > 1 || !stayed) {
                position = Int(keyDown ? markEntries[time] : spaceEntries[time])
                keyDown.toggle()
            } else if position == chain - 1 && stayed {
                // Stays in the last state.
            } else {
                position -= 1
            }
            if time > 0 {
                position = min(position, Int(keyDown ? markChainLengths[time - 1] : spaceChainLengths[time - 1]) - 1)
            }
        }
        for index in 0..<count { released.append((held[index], states[index])) }
        held.removeFirst(count)
        stays.removeFirst(count)
        markEntries.removeFirst(count)
        spaceEntries.removeFirst(count)
        markChainLengths.removeFirst(count)
        spaceChainLengths.removeFirst(count)
    }
}
