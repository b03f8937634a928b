/// Where the learner stands in one direction, replayed from the graded
/// sessions in date order (rules in `SpacedRepetition`, `Streak`,
/// `LevelReview`).
///
/// Advancement: a session of a level's lesson (not a drill of chosen
/// characters, a QSO or a text) at the learner's level or above with at least
/// 90 % over at least 20 characters sent moves the learner to the level
/// after the lesson's (at most the course's last). A level never goes down,
/// and a lesson below the learner's level never raises it.
public struct DirectionProgress: Sendable, Hashable {
    public static let advancementPercent = 90
    public static let advancementMinimumCharacters = 20

    public let direction: Direction
    public private(set) var course: KochCourse
    public private(set) var level: Int
    public private(set) var sessionCount = 0
    public private(set) var sent = 0
    public private(set) var correct = 0
    public private(set) var inserted = 0
    public private(set) var characters: [String: CharacterStatistics] = [:]
    public private(set) var intervalDays = SpacedRepetition.initialIntervalDays
    public private(set) var lastIntervalReason: SpacedRepetition.Reason?
    public private(set) var lastDay: CalendarDay?
    public private(set) var streak = Streak()
    /// Reviews scheduled and not yet done, earliest first.
    public private(set) var pendingReviews: [LevelReview] = []

    public init(direction: Direction, course: KochCourse = .letters) {
        self.direction = direction
        self.course = course
        self.level = KochCourse.firstLevel
    }

    /// The replay of every session of `direction` in `progress`.
    public init(progress: LearnerProgress, direction: Direction) {
        let sessions = progress.sessions.enumerated()
            .filter { $0.element.direction == direction }
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        self.init(direction: direction, course: sessions.last?.course ?? .letters)
        guard let firstDay = progress.firstSession?.date.day else { return }
        for session in sessions { apply(session, learnerFirstDay: firstDay) }
    }

    /// Next practice day; nil before the first session (practice is due).
    public var nextDueDay: CalendarDay? { lastDay?.adding(days: intervalDays) }

    /// Correct / (sent + inserted) over every session, nil before the first.
    public var accuracy: Double? { sent + inserted > 0 ? Double(correct) / Double(sent + inserted) : nil }

    /// Folds one session (in date order) into the state.
    public mutating func apply(_ session: GradedSession, learnerFirstDay: CalendarDay) {
        let day = session.date.day
        let dueBefore = nextDueDay
        let next = SpacedRepetition.nextInterval(
            after: session, intervalDays: intervalDays,
            daysSinceLastSession: lastDay.map { $0.days(until: day) },
            daysSinceFirstSession: learnerFirstDay.days(until: day))
        intervalDays = next.intervalDays
        lastIntervalReason = next.reason
        lastDay = max(lastDay ?? day, day)
        streak.record(day, dueBefore: dueBefore)

        pendingReviews.removeAll { $0.level == session.level && $0.dueDay <= day }
        if session.countsTowardLevel, session.level >= level, session.sent >= Self.advancementMinimumCharacters,
           session.accuracy(atLeastPercent: Self.advancementPercent) {
            let reached = min(session.level + 1, session.course.lastLevel)
            if reached > level {
                level = reached
                pendingReviews.removeAll { $0.level == reached }
                pendingReviews.append(LevelReview(level: reached, dueDay: day.adding(days: LevelReview.delayDays)))
                pendingReviews.sort { $0.dueDay < $1.dueDay }
            }
        }
        course = session.course
        sessionCount += 1
        sent += session.sent
        correct += session.correct
        inserted += session.inserted
        characters.merge(session.characters, uniquingKeysWith: +)
    }
}
