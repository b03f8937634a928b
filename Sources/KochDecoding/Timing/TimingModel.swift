import Foundation
import KochCore

/// The lengths of the learner's dits, dahs and gaps, learned from the
/// recording itself and followed as it goes on.
///
/// Human keying puts marks and spaces in clusters of log-duration, not at
/// fixed 1:3:7 multiples: each of the five classes (dit, dah, gap inside a
/// character, between characters, between words) has its own centre, in
/// natural-log seconds, and a common spread for marks and one for gaps.
/// Farnsworth spacing just moves the two longer gap centres away. Centres
/// are first found by clustering the opening of the recording, then follow
/// each classified duration by an exponential moving average, so a speed
/// that drifts from 15 to 25 WPM, or a dah/dit ratio wandering from 2.5 to
/// 3.5, is tracked.
public struct TimingModel: Sendable, Hashable {
    public var ditLog: Double
    public var dahLog: Double
    public var intraCharacterLog: Double
    public var characterLog: Double
    public var wordLog: Double
    public var markSpread: Double
    public var gapSpread: Double
    /// How durations spread about their centres.
    public var law: DurationLaw = .logNormal
    /// Where the dit's centre may go (log seconds), when the sender's speed is known.
    public private(set) var ditLimitsLog: ClosedRange<Double>?

    /// How the durations of one class spread about its centre.
    public enum DurationLaw: Sendable, Hashable {
        /// Normal in log seconds, the same spread for every class. Used while the timing is
        /// being learned (the warm-up compares timing models by their costs, which this law
        /// keeps on one scale) and for noisy recordings, where the noise moving the edges
        /// spreads the durations more than the hand does.
        case logNormal
        /// Normal in seconds, with a standard deviation proportional to the centre (a hand's
        /// jitter grows with what it times): a long dit is less likely, and a short dah more,
        /// than under the log-normal law. Costs carry the normalising term ln(centre), taken
        /// from the dit for marks and from the gap inside a character for gaps, so that only
        /// the costs of one kind are compared.
        ///
        /// The centres are followed in log seconds, so each is the geometric mean of its
        /// class; durations spread evenly about their arithmetic mean, which lies a factor
        /// e^(s²/2) above it for a spread s (4.5 % for a hand with 30 % jitter), and the costs
        /// measure from there: measured from the shorter geometric mean, long dits would cost
        /// less as dahs.
        case proportionalNormal
    }

    public var ditSeconds: Double { exp(ditLog) }
    public var dahSeconds: Double { exp(dahLog) }

    /// A model for a speed, with PARIS ratios (used before anything is learned).
    public init(ditSeconds: Double) {
        ditLog = log(ditSeconds)
        dahLog = ditLog + log(3)
        intraCharacterLog = ditLog
        characterLog = ditLog + log(3)
        wordLog = ditLog + log(7)
        markSpread = 0.22
        gapSpread = 0.25
    }

    /// Clusters the durations (seconds) of the first marks and gaps of a recording.
    /// `defaultDitSeconds` decides whether a single cluster of marks holds dits or dahs
    /// when nothing else can.
    public init(markSeconds: [Double], gapSeconds: [Double], defaultDitSeconds: Double) {
        self.init(ditSeconds: defaultDitSeconds)
        let marks = markSeconds.filter { $0 > 0 }.map(log).sorted()
        guard !marks.isEmpty else { return }
        let gaps = gapSeconds.filter { $0 > 0 }.map(log).sorted()
        let centres = Self.markCentres(marks, gaps: gaps, defaultDitSeconds: defaultDitSeconds)
        let low = centres.ditLog
        // Share of marks in the shorter cluster: text of mostly dahs (K, M, O, T) leaves few dits.
        let midpoint = 0.5 * (low + centres.dahLog)
        let ditShare = Double(marks.filter { $0 < midpoint }.count) / Double(marks.count)
        ditLog = low
        dahLog = centres.dahLog
        intraCharacterLog = low
        characterLog = low + log(3)
        wordLog = low + log(7)
        placeGapCentres(gaps, ditLog: low)
        // With few dits, the shorter cluster of marks is mostly a jittery fist's shortest dahs,
        // and a dit taken from it is too long: the speed reads low and every short dah becomes a
        // dit. The gaps inside characters, as long as a dit in any fist and plentiful in text of
        // dahs, measure the unit better.
        if ditShare < Self.fewDitsShare, intraCharacterLog < ditLog {
            ditLog = max(intraCharacterLog, ditLog - log(1.6))
        }
        enforceOrder()
    }

    /// The centres of the dits and the dahs, in log seconds.
    private struct MarkCentres {
        var ditLog: Double
        var dahLog: Double
    }

    /// The centres of the marks (log seconds, sorted) in two clusters; from one cluster, dits if
    /// about as long as the shortest `gaps` (or the default dit), else dahs.
    private static func markCentres(_ marks: [Double], gaps: [Double], defaultDitSeconds: Double) -> MarkCentres {
        let (low, high) = twoMeans(marks)
        guard high - low < log(1.8) else { return MarkCentres(ditLog: low, dahLog: high) }
        let single = mean(marks)
        let reference = gaps.isEmpty ? log(defaultDitSeconds) : twoMeans(gaps).low
        if single - reference < log(1.9) {
            return MarkCentres(ditLog: single, dahLog: single + log(3))
        }
        return MarkCentres(ditLog: single - log(3), dahLog: single)
    }

    /// Places the gap centres from the gaps (log seconds, sorted), about the dit `low`.
    ///
    /// Gaps fall in up to three clusters (inside characters, between characters, between words);
    /// long pauses are capped so they do not make a cluster of their own. Gaps under half a dit
    /// are noise breaking a mark, not the sender's spacing.
    private mutating func placeGapCentres(_ gaps: [Double], ditLog low: Double) {
        let capped = gaps.filter { $0 > low - log(1.6) }.map { min($0, low + log(80)) }
        let three = Self.kMeans(capped, clusters: 3)
        let two = Self.kMeans(capped, clusters: 2)
        let separated = log(1.6)
        // Three clusters only if the shortest is the gap inside characters (about a dit):
        // in noise, marks broken in two add a cluster of short gaps of their own.
        if three.count == 3, three[1] - three[0] >= separated, three[2] - three[1] >= separated, three[0] < low + log(1.8) {
            placeThreeGapCentres(three, capped: capped, ditLog: low)
        } else if two.count == 2, two[1] - two[0] >= separated {
            if two[0] < low + log(2) {
                intraCharacterLog = two[0]
                characterLog = two[1]
                wordLog = two[1] + log(7.0 / 3.0)
            } else {
                characterLog = two[0]
                wordLog = two[1]
            }
        } else if let only = two.first {
            if only < low + log(2) {
                intraCharacterLog = only
            } else {
                characterLog = only
                wordLog = only + log(7.0 / 3.0)
            }
        }
    }

    /// Places the gap centres at three clusters of the `capped` gaps, or at the first three of
    /// four where the longest is pauses.
    private mutating func placeThreeGapCentres(_ three: [Double], capped: [Double], ditLog low: Double) {
        let separated = log(1.6)
        intraCharacterLog = three[0]
        characterLog = three[1]
        wordLog = three[2]
        // A word gap is 7/3 of a character gap in any spacing. Far longer than that, the
        // longest cluster is pauses (between the overs of a contact), which have drawn the
        // word gaps in with the character gaps: a fourth cluster sets them apart.
        let four = Self.kMeans(capped, clusters: 4)
        if three[2] - three[1] > Self.pausesAboveWordRatioLog, four.count == 4, four[0] < low + log(1.8),
            four[1] - four[0] >= separated, four[3] - four[2] >= separated,
            (log(1.6)...log(3.5)).contains(four[2] - four[1])
        {
            intraCharacterLog = four[0]
            characterLog = four[1]
            wordLog = four[2]
        }
    }

    /// Gap clusters further apart than this (log of 4) are not character and word gaps.
    static let pausesAboveWordRatioLog = log(4.0)

    /// Below this share of dits among the marks, the dit is measured by the gaps inside characters.
    static let fewDitsShare = 0.35

    /// Cost (negative log-likelihood, up to a constant) of a mark of `logSeconds` being `element`.
    @inline(__always)
    public func cost(markLog logSeconds: Double, as element: Element) -> Double {
        let centre = element == .dit ? ditLog : dahLog
        if law == .proportionalNormal {
            let z = (exp(logSeconds - centre - markSpread * markSpread / 2) - 1) / markSpread
            return z * z / 2 + centre - ditLog
        }
        let d = logSeconds - centre
        return d * d / (2 * markSpread * markSpread)
    }

    /// Cost of a gap of `logSeconds` being `gap`.
    @inline(__always)
    public func cost(gapLog logSeconds: Double, as gap: Gap) -> Double {
        let centre: Double
        switch gap {
        case .intraCharacter: centre = intraCharacterLog
        case .character: centre = characterLog
        case .word: centre = wordLog
        }
        if law == .proportionalNormal {
            let z = (exp(logSeconds - centre - gapSpread * gapSpread / 2) - 1) / gapSpread
            return z * z / 2 + centre - intraCharacterLog
        }
        let d = logSeconds - centre
        return d * d / (2 * gapSpread * gapSpread)
    }

    /// Whether a gap ends a word: nearer the word centre than the character centre.
    public func isWordGap(seconds: Double) -> Bool {
        log(max(seconds, 1e-6)) > 0.5 * (characterLog + wordLog)
    }

    /// Follows one classified mark.
    public mutating func learn(markLog x: Double, as element: Element) {
        let rate = 0.12
        switch element {
        case .dit:
            ditLog += rate * (x - ditLog)
            markSpread = spread(markSpread, x - ditLog)
        case .dah:
            dahLog += rate * (x - dahLog)
            markSpread = spread(markSpread, x - dahLog)
        }
        enforceOrder()
    }

    /// Follows one classified gap.
    public mutating func learn(gapLog x: Double, as gap: Gap) {
        switch gap {
        case .intraCharacter:
            intraCharacterLog += 0.12 * (x - intraCharacterLog)
            gapSpread = spread(gapSpread, x - intraCharacterLog)
        case .character:
            characterLog += 0.15 * (x - characterLog)
            gapSpread = spread(gapSpread, x - characterLog)
        case .word:
            wordLog += 0.25 * (min(x, characterLog + log(12)) - wordLog)
        }
        enforceOrder()
    }

    private func spread(_ current: Double, _ residual: Double) -> Double {
        let variance = current * current + 0.03 * (residual * residual - current * current)
        return min(0.45, max(0.12, variance.squareRoot()))
    }

    /// Keeps the dit within `factor` of the length a known speed gives (a hint bounds what is learned).
    public mutating func limitDit(toSpeedWPM speedWPM: Double, factor: Double) {
        let dit = log(Timing.unitSeconds(wpm: speedWPM))
        ditLimitsLog = (dit - log(factor))...(dit + log(factor))
        let old = ditLog
        enforceOrder()
        // The other centres move with the dit, keeping their ratios to it.
        let shift = ditLog - old
        dahLog += shift
        intraCharacterLog += shift
        characterLog += shift
        wordLog += shift
        enforceOrder()
    }

    private mutating func enforceOrder() {
        if let ditLimitsLog { ditLog = min(max(ditLog, ditLimitsLog.lowerBound), ditLimitsLog.upperBound) }
        dahLog = min(max(dahLog, ditLog + log(1.8)), ditLog + log(5))
        intraCharacterLog = min(max(intraCharacterLog, ditLog - log(2.5)), ditLog + log(2))
        characterLog = max(characterLog, intraCharacterLog + log(1.8))
        wordLog = max(wordLog, characterLog + log(1.5))
    }

    private static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(max(1, values.count))
    }

    /// Optimal k-means in one dimension (values sorted), by dynamic programming
    /// over split points; returns the centres in increasing order (fewer if
    /// there are fewer values than clusters).
    static func kMeans(_ sorted: [Double], clusters: Int) -> [Double] {
        let n = sorted.count
        guard n > 0 else { return [] }
        let k = min(clusters, n)
        var prefix = [0.0], squares = [0.0]
        for value in sorted {
            prefix.append(prefix[prefix.count - 1] + value)
            squares.append(squares[squares.count - 1] + value * value)
        }
        func cost(_ i: Int, _ j: Int) -> Double {
            let sum = prefix[j] - prefix[i]
            return squares[j] - squares[i] - sum * sum / Double(j - i)
        }
        // best[c][j]: cost of the first j values in c + 1 clusters; start[c][j]: where the last cluster begins.
        var best = Array(repeating: Array(repeating: Double.infinity, count: n + 1), count: k)
        var start = Array(repeating: Array(repeating: 0, count: n + 1), count: k)
        for j in 1...n { best[0][j] = cost(0, j) }
        if k > 1 {
            for c in 1..<k {
                for j in (c + 1)...n {
                    for i in c..<j where best[c - 1][i] + cost(i, j) < best[c][j] {
                        best[c][j] = best[c - 1][i] + cost(i, j)
                        start[c][j] = i
                    }
                }
            }
        }
        var centres: [Double] = []
        var end = n
        for c in stride(from: k - 1, through: 0, by: -1) {
            let begin = c == 0 ? 0 : start[c][end]
            centres.append((prefix[end] - prefix[begin]) / Double(end - begin))
            end = begin
        }
        return centres.reversed()
    }

    /// Two-means clustering in one dimension (values sorted): the best split by within-class variance.
    static func twoMeans(_ sorted: [Double]) -> (low: Double, high: Double) {
        guard sorted.count >= 2 else {
            let m = mean(sorted)
            return (m, m)
        }
        var prefix = [0.0], prefixSquares = [0.0]
        for value in sorted {
            prefix.append(prefix[prefix.count - 1] + value)
            prefixSquares.append(prefixSquares[prefixSquares.count - 1] + value * value)
        }
        let n = sorted.count
        var best = (cost: Double.infinity, split: 1)
        for split in 1..<n {
            let leftSum = prefix[split], rightSum = prefix[n] - leftSum
            let leftSquares = prefixSquares[split], rightSquares = prefixSquares[n] - leftSquares
            let cost =
                leftSquares - leftSum * leftSum / Double(split)
                + rightSquares - rightSum * rightSum / Double(n - split)
            if cost < best.cost { best = (cost, split) }
        }
        return (prefix[best.split] / Double(best.split), (prefix[n] - prefix[best.split]) / Double(n - best.split))
    }
}
