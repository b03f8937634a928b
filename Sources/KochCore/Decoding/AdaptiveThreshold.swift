/// Decides key down or key up for every envelope sample, between a running
/// estimate of the mark level and of the noise floor.
///
/// The envelope is summarized every 10 ms; every 50 ms the last
/// `windowSeconds` of summaries are split in two classes (above and below
/// the midpoint of their 20th and 97th percentiles) whose means are the
/// space and mark levels. Each decision waits half a window, so the window is
/// centred on the sample it judges and fading (QSB, tenths of a hertz) is
/// followed without lag. A window where the two levels are less than
/// `minimumContrast` apart holds no keying (a pause, a stuck key, noise):
/// the previous levels are kept, so noise never becomes marks and a carrier
/// stays one long mark. The key goes down above the midpoint plus
/// `hysteresis` of the span and up below the midpoint minus it, so that
/// noise riding on an edge does not split it.
public struct AdaptiveThreshold: Sendable {
    public struct Decision: Sendable {
        public let envelope: Double
        public let threshold: Double
        public let keyDown: Bool
    }

    public let sampleRate: Double
    public let windowSeconds: Double
    public let minimumContrast: Double
    public let hysteresis: Double
    public private(set) var levels: SignalLevels?
    /// Sums for the SNR estimate over windows that held keying.
    public private(set) var markPowerSum = 0.0
    public private(set) var spacePowerSum = 0.0
    public private(set) var activeWindows = 0

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
    private var scratch: [Double] = []

    public init(sampleRate: Double, windowSeconds: Double = 4, minimumContrast: Double = 3, hysteresis: Double = 0.1) {
        self.sampleRate = sampleRate
        self.windowSeconds = windowSeconds
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
        accumulator += envelope
        accumulated += 1
        if accumulated == summaryLength {
            pushSummary(accumulator / Double(summaryLength))
            accumulator = 0
            accumulated = 0
        }
        var result: Decision?
        if delayCount == delay.count { result = decide(delay[delayHead]) } else { delayCount += 1 }
        delay[delayHead] = envelope
        delayHead = (delayHead + 1) % delay.count
        return result
    }

    /// The decisions on the samples still waiting, at the end of the recording.
    public mutating func finish() -> [Decision] {
        if summaryCount == 0 && accumulated > 0 { pushSummary(accumulator / Double(accumulated)) }
        if levels == nil { updateLevels(minimumSummaries: 4) }
        var decisions: [Decision] = []
        let start = (delayHead - delayCount + delay.count) % delay.count
        for offset in 0..<delayCount { decisions.append(decide(delay[(start + offset) % delay.count])) }
        delayCount = 0
        return decisions
    }

    private mutating func decide(_ envelope: Double) -> Decision {
        guard let levels else { return Decision(envelope: envelope, threshold: .infinity, keyDown: false) }
        let threshold = levels.threshold(keyDown: keyDown, hysteresis: hysteresis)
        keyDown = envelope > threshold
        return Decision(envelope: envelope, threshold: 0.5 * (levels.markLevel + levels.spaceLevel), keyDown: keyDown)
    }

    private mutating func pushSummary(_ value: Double) {
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

    private mutating func updateLevels(minimumSummaries: Int = 20) {
        guard summaryCount >= minimumSummaries else { return }
        scratch.removeAll(keepingCapacity: true)
        if summaryCount == summaries.count {
            scratch.append(contentsOf: summaries)
        } else {
            let start = (summaryHead - summaryCount + summaries.count) % summaries.count
            for offset in 0..<summaryCount { scratch.append(summaries[(start + offset) % summaries.count]) }
        }
        scratch.sort()
        let low = scratch[Int(Double(scratch.count - 1) * 0.2)]
        let high = scratch[Int(Double(scratch.count - 1) * 0.97)]
        let middle = 0.5 * (low + high)
        var markSum = 0.0, markCount = 0, spaceSum = 0.0, spaceCount = 0
        for value in scratch {
            if value > middle { markSum += value; markCount += 1 } else { spaceSum += value; spaceCount += 1 }
        }
        guard markCount > 0, spaceCount > 0 else { return }
        let mark = markSum / Double(markCount)
        let space = spaceSum / Double(spaceCount)
        guard mark > space * minimumContrast, mark > 1e-7 else { return }
        levels = SignalLevels(markLevel: mark, spaceLevel: space)
        markPowerSum += mark * mark
        spacePowerSum += space * space
        activeWindows += 1
    }
}
