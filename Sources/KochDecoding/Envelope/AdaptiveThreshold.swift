import Foundation
import KochCore

/// Weighs every envelope sample as key down or key up, between a running
/// estimate of the tone's amplitude and of the noise, and gives the log
/// likelihood ratio of the two for the segmenter to decide on.
///
/// The envelope is summarized every 10 ms; every 50 ms the levels are
/// re-estimated from the summaries around the sample being judged (each
/// decision waits half a window, so the windows are centred on it and fading
/// is followed without lag):
///
/// - The noise: over `windowSeconds`, the 20th percentile of the summaries,
///   which falls in the key-up time of any keying (CW keeps the key up at
///   least half the time). Noise alone has a Rayleigh envelope, whose
///   q-quantile is σ·√(−2·ln(1 − q)); with a fraction m of the window key
///   down (counted against the last threshold), the window's 20th percentile
///   is the noise's 0.2/(1 − m)-quantile — ignoring m overstates σ by a third
///   at a typical duty cycle. A window whose 97th percentile is not
///   `minimumContrast` times its 20th holds no keying (a pause, a stuck key,
///   a deep fade, noise alone): the noise estimate is kept.
/// - The tone's amplitude A: over the shorter `markWindowSeconds`, from the
///   mean power of the summaries well above the noise (above 2.5·σ and half
///   the window's 95th percentile): a Rician envelope has mean power A² + 2σ².
///   The short window lets a 20 dB fade (QSB, tenths of a hertz) lower the
///   amplitude with it, so weak marks in a fade are not judged against strong
///   ones. A window with less than 80 ms of such summaries keeps the last A.
///
/// Each sample's log likelihood ratio, Rician (key down) against Rayleigh
/// (key up), is log I₀(A·e/σ²) − A²/2σ² (Rice, "Mathematical analysis of
/// random noise", 1944; the envelope detector of any radar textbook, e.g.
/// Richards, *Fundamentals of Radar Signal Processing*, ch. 6). Its zero is
/// the threshold: near A/2 when the noise is weak (so marks keep their true
/// length), higher when it is strong. Nothing is decided until a window held
/// keying, so noise never becomes marks and a carrier from the start is none.
public struct AdaptiveThreshold: Sendable {
    public struct Decision: Sendable {
        public let envelope: Double
        /// Where the likelihoods of key down and key up are equal.
        public let threshold: Double
        /// The decision of this sample alone (with hysteresis on the likelihood ratio).
        public let keyDown: Bool
        /// Log likelihood ratio of key down against key up, in nats (clipped).
        public let logLikelihoodRatio: Double
    }

    public let sampleRate: Double
    public let windowSeconds: Double
    public let markWindowSeconds: Double
    public let minimumContrast: Double
    /// Likelihood ratio (nats) the single-sample decision must cross to change.
    public let hysteresis: Double
    /// Whether the windows end at the sample being judged rather than centre on it: a live
    /// reading decides each sample as it comes, once the first window held keying.
    public let isLive: Bool
    public private(set) var levels: SignalLevels?
    /// Sums for the SNR estimate over windows that held keying.
    public private(set) var markPowerSum = 0.0
    public private(set) var spacePowerSum = 0.0
    public private(set) var activeWindows = 0

    /// How much more contrast the first window taken for keying must show.
    public static let acquisitionContrastFactor = 1.2

    /// Summaries (10 ms each) a window must hold before it is first taken for keying. Through a
    /// filter as long as a dit, noise holds only a few independent values in a fraction of a
    /// second, and its percentiles stand far apart by chance now and then; a decision waits half
    /// a window (2 s) anyway, so waiting for a second of summaries delays none. A recording
    /// shorter than that is judged at its end (`finish()`).
    static let acquisitionSummaries = 100

    /// Largest likelihood ratio one sample may contribute: a click must not outweigh a dit.
    public static let maximumLogLikelihoodRatio = 12.0

    private let summaryLength: Int
    private let updateSummaries: Int
    private var summaries: [Double]
    private var summaryHead = 0
    private var summaryCount = 0
    private var accumulator = 0.0
    private var accumulated = 0
    private var summariesSinceUpdate = 0
    private var delay: [Double]
    private var delayHead = 0
    private var delayCount = 0
    private var keyDown = false
    /// The summaries of the window, in increasing order: its percentiles without a selection.
    private var sortedSummaries: [Double] = []
    private var markScratch: [Double] = []
    private var noiseSigma: Double?
    private var decisionSigma: Double?
    private var amplitude: Double?
    private var thresholdLevel = Double.infinity
    /// The amplitude and σ `thresholdLevel` was found for (a steady tone keeps them for many windows).
    private var thresholdAmplitude = -1.0
    private var decisionSigmaOfThreshold = -1.0

    public init(
        sampleRate: Double, windowSeconds: Double = 4, markWindowSeconds: Double = 2,
        minimumContrast: Double = 5, hysteresis: Double = 1, isLive: Bool = false
    ) {
        self.isLive = isLive
        self.sampleRate = sampleRate
        self.windowSeconds = windowSeconds
        self.markWindowSeconds = min(markWindowSeconds, windowSeconds)
        self.minimumContrast = minimumContrast
        self.hysteresis = hysteresis
        summaryLength = max(1, Int((sampleRate * 0.01).rounded()))
        updateSummaries = 5
        summaries = Array(repeating: 0, count: max(8, Int(windowSeconds / 0.01)))
        delay = Array(repeating: 0, count: max(1, Int(sampleRate * windowSeconds / 2)))
    }

    /// Seconds between an envelope sample going in and its decision coming out.
    public var latencySeconds: Double { Double(delay.count) / sampleRate }

    /// Takes one envelope sample; returns the decision on the sample half a window older, once there is one.
    public mutating func process(_ envelope: Double) -> Decision? {
        summarize(envelope)
        var result: Decision?
        if delayCount == delay.count { result = decide(delay[delayHead]) } else { delayCount += 1 }
        delay[delayHead] = envelope
        delayHead = (delayHead + 1) % delay.count
        return result
    }

    /// Takes one envelope sample of a live reading (`isLive`); appends the decisions on the
    /// samples held until the first window held keying, then on each sample as it comes.
    public mutating func processLive(_ envelope: Double, into decisions: inout [Decision]) {
        summarize(envelope)
        if delayCount == delay.count {
            decisions.append(decide(delay[delayHead]))
        } else {
            delayCount += 1
        }
        delay[delayHead] = envelope
        delayHead = (delayHead + 1) % delay.count
        guard levels != nil else { return }
        let start = (delayHead - delayCount + delay.count) % delay.count
        for offset in 0..<delayCount { decisions.append(decide(delay[(start + offset) % delay.count])) }
        delayCount = 0
    }

    private mutating func summarize(_ envelope: Double) {
        accumulator += envelope
        accumulated += 1
        if accumulated == summaryLength {
            pushSummary(accumulator / Double(summaryLength))
            accumulator = 0
            accumulated = 0
        }
    }

    /// The decisions on the samples still waiting, at the end of the recording.
    public mutating func finish() -> [Decision] {
        if summaryCount == 0 && accumulated > 0 { pushSummary(accumulator / Double(accumulated)) }
        if levels == nil { updateLevels(minimumSummaries: 4, recentOnly: false) }
        var decisions: [Decision] = []
        let start = (delayHead - delayCount + delay.count) % delay.count
        for offset in 0..<delayCount { decisions.append(decide(delay[(start + offset) % delay.count])) }
        delayCount = 0
        return decisions
    }

    /// Log likelihood ratio of key down against key up for one envelope sample.
    @inline(__always)
    private func logLikelihoodRatio(_ envelope: Double, amplitude: Double, sigma: Double) -> Double {
        let variance = sigma * sigma
        let ratio = besselLogI0(amplitude * envelope / variance) - amplitude * amplitude / (2 * variance)
        return min(Self.maximumLogLikelihoodRatio, max(-Self.maximumLogLikelihoodRatio, ratio))
    }

    private mutating func decide(_ envelope: Double) -> Decision {
        guard let amplitude, let noiseSigma = decisionSigma else {
            return Decision(envelope: envelope, threshold: .infinity, keyDown: false, logLikelihoodRatio: -Self.maximumLogLikelihoodRatio)
        }
        let ratio = logLikelihoodRatio(envelope, amplitude: amplitude, sigma: noiseSigma)
        keyDown = keyDown ? ratio > -hysteresis : ratio > hysteresis
        return Decision(envelope: envelope, threshold: thresholdLevel, keyDown: keyDown, logLikelihoodRatio: ratio)
    }

    private mutating func pushSummary(_ summary: Double) {
        let value = summary.isFinite ? summary : 0
        if summaryCount == summaries.count { sortedSummaries.remove(at: Self.firstIndex(notBelow: summaries[summaryHead], in: sortedSummaries)) }
        sortedSummaries.insert(value, at: Self.firstIndex(notBelow: value, in: sortedSummaries))
        summaries[summaryHead] = value
        summaryHead = (summaryHead + 1) % summaries.count
        summaryCount = min(summaryCount + 1, summaries.count)
        summariesSinceUpdate += 1
        // Before the first estimate, try at every summary so a short recording is not missed.
        if summariesSinceUpdate >= updateSummaries || levels == nil {
            summariesSinceUpdate = 0
            updateLevels()
        }
    }

    private mutating func updateLevels(minimumSummaries: Int = 20, recentOnly: Bool = true) {
        guard summaryCount >= (recentOnly && noiseSigma == nil ? Self.acquisitionSummaries : minimumSummaries) else { return }
        markScratch.removeAll(keepingCapacity: true)
        let start = (summaryHead - summaryCount + summaries.count) % summaries.count
        let markRange = markWindow(recentOnly: recentOnly)
        // The mark window in time order: the ring from its start, wrapping round to its beginning.
        let markStart = (start + markRange.lowerBound) % summaries.count, firstPart = min(markRange.count, summaries.count - markStart)
        markScratch += summaries[markStart..<(markStart + firstPart)] + summaries[0..<(markRange.count - firstPart)]
        // The whole window's percentiles, from the summaries kept in order.
        let last = summaryCount - 1
        let low = sortedSummaries[Int(Double(last) * 0.2)], high = sortedSummaries[Int(Double(last) * 0.97)]
        // Before any keying has been seen the bar is higher: through a filter as long as a
        // slow dit, noise holds few independent values in a window, and by chance its 97th
        // percentile now and then stands 5 times its 20th; once taken for keying, it would be
        // read as marks until the real keying began.
        let contrast = noiseSigma == nil ? minimumContrast * Self.acquisitionContrastFactor : minimumContrast
        if high > 1e-7, high > contrast * low {
            // Rayleigh: P(e < x) = 1 − exp(−x²/2σ²), so the q-quantile is σ·√(−2·ln(1 − q)).
            // The window mixes marks with noise: its 20th percentile is the noise's own
            // 0.2/(1 − m)-quantile when a fraction m of it is key down.
            let above = thresholdLevel.isFinite ? summaryCount - Self.firstIndex(above: thresholdLevel, in: sortedSummaries) : 0
            let markFraction = min(0.6, Double(above) / Double(summaryCount))
            let quantile = 0.2 / (1 - markFraction)
            noiseSigma = max(low / (-2 * log(1 - quantile)).squareRoot(), 1e-9)
        }
        guard let noiseSigma, !markScratch.isEmpty else { return }
        let markHigh = markScratch.withUnsafeMutableBufferPointer { quickSelect($0, Int(Double($0.count - 1) * 0.95)) }
        let cut = max(2.5 * noiseSigma, 0.5 * markHigh)
        var powerSum = 0.0, count = 0
        for value in markScratch where value > cut {
            powerSum += value * value
            count += 1
        }
        // 80 ms of tone, except at the end of a short recording, which may hold a single dit.
        // A live mark window ends now: in a pause it holds noise alone, whose loudest summaries
        // are no marks (its 95th percentile is 3.7 times its 20th), and the last A stands.
        let holdsKeying = !isLive || markHigh > minimumContrast * low
        if count >= (recentOnly ? 8 : 3) && holdsKeying {
            let meanPower = powerSum / Double(count)
            amplitude = max(meanPower - 2 * noiseSigma * noiseSigma, 0.25 * meanPower).squareRoot()
        }
        guard let amplitude else { return }
        // A clean recording has next to no noise: keep σ a small fraction of the tone,
        // so that a little of it still counts as a mark and the likelihoods stay finite.
        let sigma = max(noiseSigma, 0.03 * amplitude)
        decisionSigma = sigma
        let spaceLevel = sigma * (Double.pi / 2).squareRoot()
        levels = SignalLevels(markLevel: amplitude, spaceLevel: spaceLevel, noiseDeviation: sigma)
        if amplitude != thresholdAmplitude || sigma != decisionSigmaOfThreshold {
            thresholdLevel = equalLikelihoodLevel(amplitude: amplitude, sigma: sigma)
            (thresholdAmplitude, decisionSigmaOfThreshold) = (amplitude, sigma)
        }
        // The SNR estimate takes the noise as measured, not the floor the decisions use.
        markPowerSum += amplitude * amplitude + 2 * noiseSigma * noiseSigma
        spacePowerSum += noiseSigma * noiseSigma * Double.pi / 2
        activeWindows += 1
    }

    /// The summaries the tone's amplitude is measured over, counted from the oldest held: centred
    /// on the sample being judged, half a long window back; a live reading's end at the newest.
    private func markWindow(recentOnly: Bool) -> Range<Int> {
        let markSummaries = Int(markWindowSeconds / 0.01)
        if isLive { return max(0, summaryCount - markSummaries)..<summaryCount }
        let centre = summaryCount - summaries.count / 2
        return !recentOnly || centre <= 0
            ? 0..<min(summaryCount, recentOnly ? markSummaries : summaryCount)
            : max(0, centre - markSummaries / 2)..<min(summaryCount, centre + markSummaries / 2)
    }

    /// The index of the first of `sorted` that is not below `value` (its count if none).
    private static func firstIndex(notBelow value: Double, in sorted: [Double]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first of `sorted` that is above `value` (its count if none).
    private static func firstIndex(above value: Double, in sorted: [Double]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The envelope at which key down and key up are equally likely, by bisection.
    private func equalLikelihoodLevel(amplitude: Double, sigma: Double) -> Double {
        var low = 0.0, high = amplitude + 6 * sigma
        for _ in 0..<40 {
            let middle = 0.5 * (low + high)
            if logLikelihoodRatio(middle, amplitude: amplitude, sigma: sigma) > 0 { high = middle } else { low = middle }
        }
        return 0.5 * (low + high)
    }
}
