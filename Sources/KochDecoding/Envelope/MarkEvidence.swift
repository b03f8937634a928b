import KochCore

/// The evidence of every envelope sample for key down against key up, kept
/// for a second reading of weak signals: the segmenter's log likelihood
/// ratios, each already weighted as one observation per filter length.
///
/// At 500 samples a second in 4 bytes each it takes 7 MB for an hour.
public struct MarkEvidence: Sendable {
    /// Envelope samples a second.
    public let rate: Double
    /// Seconds to subtract from a sample's time to get the recording's time (the filters' delay).
    public var delaySeconds: Double
    public private(set) var values: [Float] = []
    /// Where the evidence is in doubt, sample by sample (talk sounded there: `InPhaseEvidence`);
    /// empty where it is in doubt everywhere (a weak signal's, all noise).
    public private(set) var doubtful: [Bool] = []

    public init(rate: Double, delaySeconds: Double = 0) {
        self.rate = rate
        self.delaySeconds = delaySeconds
    }

    mutating func append(_ logLikelihoodRatio: Double) {
        values.append(Float(logLikelihoodRatio))
    }

    /// Appends a sample's evidence, and whether it is in doubt (evidence is appended with its
    /// doubt sample by sample, or without it throughout).
    mutating func append(_ logLikelihoodRatio: Double, doubtful isDoubtful: Bool) {
        values.append(Float(logLikelihoodRatio))
        doubtful.append(isDoubtful)
    }

    /// Whether any sample between two times of the recording is in doubt.
    func holdsDoubt(fromSeconds: Double, toSeconds: Double) -> Bool {
        guard !doubtful.isEmpty else { return true }
        let low = max(0, index(atSeconds: fromSeconds)), high = min(doubtful.count, index(atSeconds: toSeconds))
        return low < high && doubtful[low..<high].contains(true)
    }

    /// Turns the evidence of samples `range` (where they are held) to key up.
    mutating func setKeyUp(_ range: Range<Int>) {
        for index in range.clamped(to: values.indices) { values[index] = -abs(values[index]) }
    }

    /// Index of the sample at a time of the recording.
    func index(atSeconds seconds: Double) -> Int {
        Int(((seconds + delaySeconds) * rate).rounded())
    }

    /// Time in the recording of a sample index (fractional indices allowed).
    func seconds(atIndex index: Double) -> Double {
        index / rate - delaySeconds
    }
}
