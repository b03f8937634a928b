/// The practice interval rules (from the design of the original trainer):
///
/// | session accuracy | interval (days, 1 to 30) |
/// |---|---|
/// | ≥ 90 % | doubles, at most 30 |
/// | 70–89 % | unchanged |
/// | < 70 % | back to 1 |
///
/// - In the first 14 days after the learner's first session the interval
///   is at most 2 days (habit forming).
/// - A session held more than twice the interval after the last one resets
///   the interval to 1 (skill decay), whatever its accuracy.
/// - Next due = the last session's day + the interval.
///
/// Days are calendar days on the learner's clock.
public enum SpacedRepetition {
    public static let initialIntervalDays = 1
    public static let maximumIntervalDays = 30
    public static let habitFormingDays = 14
    public static let habitFormingMaximumDays = 2

    /// Why the interval came out as it did, for reports and tests.
    public enum Reason: String, Sendable, Hashable, Codable {
        case doubled, unchanged, reset, decayed
    }

    /// The interval after a session.
    /// - Parameters:
    ///   - intervalDays: the interval before it.
    ///   - daysSinceLastSession: nil for the first session in the direction.
    ///   - daysSinceFirstSession: since the learner's first session (any direction).
    public static func nextInterval(
        after session: GradedSession, intervalDays: Int, daysSinceLastSession: Int?, daysSinceFirstSession: Int
    ) -> (intervalDays: Int, reason: Reason) {
        var interval: Int
        var reason: Reason
        if let gap = daysSinceLastSession, gap > 2 * intervalDays {
            (interval, reason) = (1, .decayed)
        } else if session.accuracy(atLeastPercent: 90) {
            (interval, reason) = (min(intervalDays * 2, maximumIntervalDays), .doubled)
        } else if session.accuracy(atLeastPercent: 70) {
            (interval, reason) = (intervalDays, .unchanged)
        } else {
            (interval, reason) = (1, .reset)
        }
        if daysSinceFirstSession < habitFormingDays {
            interval = min(interval, habitFormingMaximumDays)
        }
        return (max(1, interval), reason)
    }
}
