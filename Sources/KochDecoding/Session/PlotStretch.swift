/// The stretch of a recording a decode's plot shows, and how much of the envelope the decode keeps for it.
public enum PlotStretch {
    /// How many seconds a plot shows unless told otherwise.
    public static let defaultSpanSeconds: Double = 8
    /// How many seconds a plot may show: at least a letter at a slow speed, at most what stays readable.
    public static let spanRangeSeconds: ClosedRange<Double> = 1...120

    /// The stretch of the envelope a decode keeps for a plot: from `fromSeconds` with ten seconds
    /// to spare for the last letter's widening, or, where the plot starts at the first character,
    /// two minutes ahead for a first character that comes late.
    public static func traceRange(fromSeconds: Double?, spanSeconds: Double = defaultSpanSeconds) -> ClosedRange<Double> {
        fromSeconds.map { $0...($0 + spanSeconds + 10) } ?? 0...(120 + spanSeconds)
    }
}
