/// What `koch status` shows for one direction, as of a given day.
public struct DirectionStatus: Sendable, Hashable {
    public let direction: Direction
    public let course: KochCourse
    public let level: Int
    /// The unlocked characters, in course order.
    public let unlockedCharacters: [String]
    /// The character the next level adds; nil at the last level.
    public let nextCharacter: String?
    /// Over every session; nil before the first.
    public let accuracy: Double?
    public let sessionCount: Int
    public let charactersSent: Int
    public let charactersCorrect: Int
    public let intervalDays: Int
    /// The next regular practice day; nil before the first session.
    public let nextDueDay: CalendarDay?
    /// The earliest review not yet done.
    public let review: LevelReview?
    /// Practice (or a review) is due on `today` or was due before.
    public let isDue: Bool
    /// The last session of any kind.
    public let lastDay: CalendarDay?
    /// Sessions that were level lessons (the others count for statistics only).
    public let levelSessionCount: Int
    public let weakCharacters: WeakCharacters

    public init(progress: DirectionProgress, today: CalendarDay) {
        direction = progress.direction
        course = progress.course
        level = progress.level
        unlockedCharacters = progress.course.unlocked(atLevel: progress.level).map(\.text)
        nextCharacter = progress.course.next(afterLevel: progress.level)?.text
        accuracy = progress.accuracy
        sessionCount = progress.sessionCount
        charactersSent = progress.sent
        charactersCorrect = progress.correct
        intervalDays = progress.intervalDays
        nextDueDay = progress.nextDueDay
        review = progress.pendingReviews.first
        isDue = (progress.nextDueDay.map { $0 <= today } ?? true) || (progress.pendingReviews.first.map { $0.dueDay <= today } ?? false)
        lastDay = progress.lastPracticeDay
        levelSessionCount = progress.levelSessionCount
        weakCharacters = WeakCharacters(statistics: progress.characters)
    }

    /// "Level 5 of 26".
    public var levelText: String { "Level \(level) of \(course.lastLevel)" }
}
