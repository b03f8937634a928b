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
        var pointer: UInt8 = 0
        var spaceEnds = Double.infinity, markEnds = Double.infinity
        var fromSpace = 0, fromMark = 0
        for index in 0...lastSpace where spaceCosts[index] + spaceExitCosts[index] < spaceEnds {
            spaceEnds = spaceCosts[index] + spaceExitCosts[index]
            fromSpace = index
        }
        for index in 0...lastMark where markCosts[index] + markExitCosts[index] < markEnds {
            markEnds = markCosts[index] + markExitCosts[index]
            fromMark = index
        }
        if lastMark == 0 {
            if markCosts[0] <= spaceEnds {
                nextMark[0] = markCosts[0]
                pointer |= 2
            } else {
                nextMark[0] = spaceEnds
            }
        } else {
            if markCosts[lastMark] <= markCosts[lastMark - 1] {
                nextMark[lastMark] = markCosts[lastMark]
                pointer |= 2
            } else {
                nextMark[lastMark] = markCosts[lastMark - 1]
            }
            for index in stride(from: lastMark - 1, through: 1, by: -1) { nextMark[index] = markCosts[index - 1] }
            nextMark[0] = spaceEnds
        }
        if lastSpace == 0 {
            if spaceCosts[0] <= markEnds {
                nextSpace[0] = spaceCosts[0]
                pointer |= 1
            } else {
                nextSpace[0] = markEnds
            }
        } else {
            if spaceCosts[lastSpace] <= spaceCosts[lastSpace - 1] {
                nextSpace[lastSpace] = spaceCosts[lastSpace]
                pointer |= 1
            } else {
                nextSpace[lastSpace] = spaceCosts[lastSpace - 1]
            }
            for index in stride(from: lastSpace - 1, through: 1, by: -1) { nextSpace[index] = spaceCosts[index - 1] }
            nextSpace[0] = markEnds
        }
        var smallest = Double.infinity
        for index in 0...lastMark {
            nextMark[index] += markEvidence
            smallest = min(smallest, nextMark[index])
        }
        for index in 0...lastSpace {
            nextSpace[index] += spaceEvidence
            smallest = min(smallest, nextSpace[index])
        }
        for index in 0...lastMark { markCosts[index] = nextMark[index] - smallest }
        for index in 0...lastSpace { spaceCosts[index] = nextSpace[index] - smallest }
        stays.append(pointer)
        markEntries.append(Int32(fromSpace))
        spaceEntries.append(Int32(fromMark))
        markChainLengths.append(Int32(lastMark + 1))
        spaceChainLengths.append(Int32(lastSpace + 1))
        held.append(decision)
        if held.count >= 2 * lagSamples { release(count: lagSamples, into: &released) }
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
