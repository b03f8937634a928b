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
    /// Per held sample: bit 0 set if the last space state stayed (rather than
    /// arrived from the one before it), bit 1 the same for the last mark state.
    private var stays: [UInt8] = []
    private var chainLengths: [Int32] = []
    private var held: [AdaptiveThreshold.Decision] = []

    init(switchCostNats: Double, minimumLengthSamples: Int, lagSamples: Int) {
        self.switchCostNats = switchCostNats
        self.lagSamples = max(1, lagSamples)
        let length = max(1, minimumLengthSamples)
        self.minimumLengthSamples = length
        markCosts = Array(repeating: 0, count: length)
        spaceCosts = Array(repeating: 0, count: length)
        // Start in a long space.
        for index in 0..<(length - 1) { markCosts[index] = .infinity; spaceCosts[index] = .infinity }
        markCosts[length - 1] = switchCostNats
        nextMark = markCosts
        nextSpace = spaceCosts
    }

    /// Changes the minimum length (the speed changed); paths already in a chain keep their place in it.
    mutating func setMinimumLength(_ samples: Int) {
        let length = max(1, samples)
        guard length != minimumLengthSamples else { return }
        let old = minimumLengthSamples
        markCosts = (0..<length).map { markCosts[min($0, old - 1)] }
        spaceCosts = (0..<length).map { spaceCosts[min($0, old - 1)] }
        nextMark = markCosts
        nextSpace = spaceCosts
        minimumLengthSamples = length
    }

    /// Takes one sample's decision; appends the decisions released, each with its final state.
    mutating func process(_ decision: AdaptiveThreshold.Decision, weight: Double, into released: inout [(decision: AdaptiveThreshold.Decision, keyDown: Bool)]) {
        let evidence = weight * decision.logLikelihoodRatio
        let markEvidence = -0.5 * evidence, spaceEvidence = 0.5 * evidence
        let last = minimumLengthSamples - 1
        var pointer: UInt8 = 0
        let spaceEnds = spaceCosts[last] + switchCostNats
        let markEnds = markCosts[last] + switchCostNats
        if last == 0 {
            if markCosts[0] <= spaceEnds { nextMark[0] = markCosts[0]; pointer |= 2 } else { nextMark[0] = spaceEnds }
            if spaceCosts[0] <= markEnds { nextSpace[0] = spaceCosts[0]; pointer |= 1 } else { nextSpace[0] = markEnds }
        } else {
            if markCosts[last] <= markCosts[last - 1] { nextMark[last] = markCosts[last]; pointer |= 2 } else { nextMark[last] = markCosts[last - 1] }
            if spaceCosts[last] <= spaceCosts[last - 1] { nextSpace[last] = spaceCosts[last]; pointer |= 1 } else { nextSpace[last] = spaceCosts[last - 1] }
            for index in stride(from: last - 1, through: 1, by: -1) {
                nextMark[index] = markCosts[index - 1]
                nextSpace[index] = spaceCosts[index - 1]
            }
            nextMark[0] = spaceEnds
            nextSpace[0] = markEnds
        }
        var smallest = Double.infinity
        for index in 0...last {
            nextMark[index] += markEvidence
            nextSpace[index] += spaceEvidence
            smallest = min(smallest, nextMark[index], nextSpace[index])
        }
        for index in 0...last {
            markCosts[index] = nextMark[index] - smallest
            spaceCosts[index] = nextSpace[index] - smallest
        }
        stays.append(pointer)
        chainLengths.append(Int32(minimumLengthSamples))
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
        for index in 0..<minimumLengthSamples {
            if markCosts[index] < best { best = markCosts[index]; keyDown = true; position = index }
            if spaceCosts[index] < best { best = spaceCosts[index]; keyDown = false; position = index }
        }
        for time in stride(from: held.count - 1, through: 0, by: -1) {
            states[time] = keyDown
            let chain = Int(chainLengths[time])
            let previousChain = time > 0 ? Int(chainLengths[time - 1]) : chain
            position = min(position, chain - 1)
            if position == 0 && (chain > 1 || stays[time] & (keyDown ? 2 : 1) == 0) {
                keyDown.toggle()
                position = previousChain - 1
            } else if position == chain - 1 && stays[time] & (keyDown ? 2 : 1) != 0 {
                position = min(position, previousChain - 1)
            } else {
                position = min(position - 1, previousChain - 1)
            }
        }
        for index in 0..<count { released.append((held[index], states[index])) }
        held.removeFirst(count)
        stays.removeFirst(count)
        chainLengths.removeFirst(count)
    }
}
