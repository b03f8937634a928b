/// From complex baseband to marks and spaces: the matched filter on each
/// channel, the weighted sum of their powers, the adaptive threshold and
/// the run builder.
///
/// Channels are combined by power (non-coherently) with the tone finder's
/// weights, which are zero for a channel that does not carry the keyed
/// tone, so a silent or noisy channel never dilutes the one that does.
struct EnvelopePipeline: Sendable {
    let rate: Double
    let weights: [Double]
    private(set) var filters: [MatchedFilter]
    private(set) var threshold: AdaptiveThreshold
    private var runs: RunBuilder
    private(set) var decisionCount = 0
    private let traceRange: Range<Int>?
    private(set) var trace: [TracePoint] = []
    private let weightSum: Double

    init(rate: Double, weights: [Double], filterLength: Int, minimumRunLength: Int, traceRangeSeconds: ClosedRange<Double>? = nil) {
        self.rate = rate
        self.weights = weights
        let capacity = max(2, Int(rate * 1.0))
        filters = weights.map { _ in MatchedFilter(length: filterLength, capacity: capacity) }
        threshold = AdaptiveThreshold(sampleRate: rate)
        runs = RunBuilder(minimumLengthSamples: minimumRunLength)
        weightSum = max(weights.reduce(0, +), 1e-12)
        traceRange = traceRangeSeconds.map { Int($0.lowerBound * rate)..<Int($0.upperBound * rate) }
    }

    var filterLength: Int { filters.first?.length ?? 1 }

    mutating func setFilterLength(_ length: Int) {
        for index in filters.indices { filters[index].setLength(length) }
    }

    mutating func setMinimumRunLength(_ length: Int) { runs.minimumLengthSamples = length }

    /// Takes baseband samples `range` of each channel; returns the runs completed.
    mutating func process(real: [[Float]], imaginary: [[Float]], range: Range<Int>) -> [KeyingRun] {
        var completed: [KeyingRun] = []
        for index in range {
            var power = 0.0
            for channel in filters.indices where weights[channel] > 0 {
                power += weights[channel] * filters[channel].process(real: real[channel][index], imaginary: imaginary[channel][index])
            }
            if let decision = threshold.process((power / weightSum).squareRoot()), let run = take(decision) {
                completed.append(run)
            }
        }
        return completed
    }

    /// The runs still held at the end of the recording.
    mutating func finish() -> [KeyingRun] {
        var completed: [KeyingRun] = []
        for decision in threshold.finish() {
            if let run = take(decision) { completed.append(run) }
        }
        return completed + runs.finish()
    }

    private mutating func take(_ decision: AdaptiveThreshold.Decision) -> KeyingRun? {
        if let traceRange, traceRange.contains(decisionCount) {
            trace.append(TracePoint(
                timeSeconds: Double(decisionCount) / rate, envelope: decision.envelope,
                threshold: decision.threshold, keyDown: decision.keyDown))
        }
        decisionCount += 1
        return runs.process(keyDown: decision.keyDown)
    }
}
