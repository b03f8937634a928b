import KochCore

/// Count, mean and spread of the durations of one kind of element or gap,
/// kept as running sums so that memory does not grow with the recording.
public struct DurationStatistics: Sendable, Hashable, Codable {
    public private(set) var count = 0
    private var sum = 0.0
    private var sumOfSquares = 0.0

    public init() {}

    public mutating func add(_ seconds: Double) {
        count += 1
        sum += seconds
        sumOfSquares += seconds * seconds
    }

    public var meanSeconds: Double? { count > 0 ? sum / Double(count) : nil }

    /// Standard deviation in seconds; nil below two observations.
    public var standardDeviationSeconds: Double? {
        guard count > 1 else { return nil }
        let mean = sum / Double(count)
        return (max(0, sumOfSquares / Double(count) - mean * mean) * Double(count) / Double(count - 1)).squareRoot()
    }
}
