/// The learner's self-scored spoken lessons (`koch grade --heard`): how many, and the last. They
/// count for the streak and the schedule, not the level or the character statistics, so a status
/// tells them apart.
public struct SelfScoredSummary: Sendable, Hashable {
    /// The last self-scored lesson: its day, and how many of its items the learner got right.
    public struct Last: Sendable, Hashable {
        public let day: CalendarDay
        public let itemsRight: Int
        public let items: Int

        public init(day: CalendarDay, itemsRight: Int, items: Int) {
            self.day = day
            self.itemsRight = itemsRight
            self.items = items
        }
    }

    /// Self-scored sessions in either direction.
    public let sessionCount: Int
    /// The latest by its date; nil before the first.
    public let last: Last?

    public init(progress: LearnerProgress) {
        let selfScored = progress.sessions.filter(\.kind.isSelfScored)
        sessionCount = selfScored.count
        last = selfScored.max { $0.date < $1.date }.map { Last(day: $0.date.day, itemsRight: $0.correct, items: $0.sent) }
    }
}
