/// A review of a level, scheduled 7 days after the learner reached it. A
/// level lesson at that level (not a partial copy) on or after the due day
/// counts as the review.
public struct LevelReview: Sendable, Hashable, Codable {
    public static let delayDays = 7

    public let level: Int
    public let dueDay: CalendarDay

    public init(level: Int, dueDay: CalendarDay) {
        self.level = level
        self.dueDay = dueDay
    }
}
