/// The learner's self-scored spoken lessons (`koch grade --heard`): how many, and the last. They
/// count for the streak and the schedule, not the level or the character statistics, so a status
/// tells them apart, and says what does move the level when they are all the learner has done of
/// late.
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
    /// Whether the last self-scored lesson is later than the last receive level lesson (or there is
    /// none): the learner is practising in a way that cannot move the level.
    public let isLatestPractice: Bool

    public init(progress: LearnerProgress) {
        let selfScored = progress.sessions.filter(\.kind.isSelfScored)
        sessionCount = selfScored.count
        let latest = selfScored.max { $0.date < $1.date }
        last = latest.map { Last(day: $0.date.day, itemsRight: $0.correct, items: $0.sent) }
        let latestLevelLesson = progress.sessions.filter { $0.kind.isLevelLesson && $0.direction == .receive }.max { $0.date < $1.date }
        if let latest {
            isLatestPractice = latestLevelLesson.map { $0.date < latest.date } ?? true
        } else {
            isLatestPractice = false
        }
    }

    /// What moves the receive level, said when self-scored lessons are the learner's latest practice
    /// and a character is still to come (`nextCharacter`, nil when all are unlocked); nil otherwise.
    public func advice(nextCharacter: String?) -> String? {
        guard isLatestPractice, let nextCharacter else { return nil }
        return "To unlock \(nextCharacter), copy a lesson on paper or a keyboard and grade it "
            + "(koch grade --key KEY --transcript COPY): a spoken lesson you score yourself keeps your streak "
            + "and your schedule, but never moves your level."
    }
}
