/// The figures of a fist that its advice judges: what `FistAdvice.advice(for:)` reads, whether
/// they were measured from one keying (`FistReport`), kept in a session's record
/// (`SessionKeying`) or combined over a week of sessions (`FistOverTime.Week`), so that every
/// one of them is told the same sentences against the same tolerances.
public protocol FistFigures {
    /// Character speed from the mean dit (WPM).
    var speedWPM: Double { get }
    /// The mean dah in dits; nil without a dit to measure it against.
    var dahToDitRatio: Double? { get }
    var dits: TimingSpread { get }
    var dahs: TimingSpread? { get }
    var intraCharacterGaps: TimingSpread? { get }
    var characterGaps: TimingSpread? { get }
    var wordGaps: TimingSpread? { get }
    /// Marks and gaps that lay between two clusters.
    var ambiguousCount: Int { get }
    var targets: FistTargets { get }
    /// Whether an electronic keyer made the marks (paddles): their lengths and evenness are the
    /// keyer's, not the learner's, and are not judged.
    var marksAreTheKeyers: Bool { get }
}

extension FistFigures {
    public var marksAreTheKeyers: Bool { false }
}

extension FistReport: FistFigures {
    public var ambiguousCount: Int { ambiguous.count }
}

extension SessionKeying: FistFigures {
    public var ambiguousCount: Int { ambiguous }
}
