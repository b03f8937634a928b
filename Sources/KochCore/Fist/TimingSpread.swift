/// How long one kind of mark or space lasted, and how much it varied:
/// the mean in dits of the learner's own speed, and the coefficient of
/// variation (standard deviation over mean) as a percentage, the measure
/// libcw reports for a fist.
public struct TimingSpread: Sendable, Hashable, Codable {
    public let count: Int
    /// Mean length in dits, to 0.01.
    public let meanDits: Double
    /// Standard deviation over the mean, in percent to 0.1; nil below two observations.
    public let variationPercent: Double?

    public init(count: Int, meanDits: Double, variationPercent: Double?) {
        self.count = count
        self.meanDits = meanDits
        self.variationPercent = variationPercent
    }

    /// The spread of `durationsSeconds`, measured in dits of `ditSeconds`; nil when there are none.
    public init?(durationsSeconds: [Double], ditSeconds: Double) {
        guard !durationsSeconds.isEmpty, ditSeconds > 0 else { return nil }
        let count = Double(durationsSeconds.count)
        let mean = durationsSeconds.reduce(0, +) / count
        self.count = durationsSeconds.count
        meanDits = FistNumber.rounded(mean / ditSeconds, places: 2)
        if durationsSeconds.count > 1, mean > 0 {
            let variance = durationsSeconds.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (count - 1)
            variationPercent = FistNumber.rounded(100 * variance.squareRoot() / mean, places: 1)
        } else {
            variationPercent = nil
        }
    }
}
