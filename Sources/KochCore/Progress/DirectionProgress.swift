/// Where the learner stands in one direction, replayed from the graded
/// sessions in date order (rules in `SpacedRepetition`, `LevelReview`;
/// the streak, which is the learner's and not a direction's, in
/// `LearnerState`).
///
/// Every session but a partial copy or a self-scored spoken lesson counts for the
/// statistics. A self-scored spoken lesson moves the schedule, never the level.
/// Only a level lesson (`SessionKind.groups`) moves the level (and the schedule):
/// - one at the learner's level or above with at least 90 % over at least
///   20 characters sent moves the learner up one level (one new character;
///   at most the course's last), whatever level the lesson was made at;
/// - one below the learner's level is a review: it moves the schedule and
///   may be the level's review, never the level.
///
/// A level never goes down.
public struct DirectionProgress: Sendable, Hashable {
    public static let advancementPercent = 90
    public static let advancementMinimumCharacters = 20

    public let direction: Direction
    /// The course of the direction's level lessons (letters before the first).
    public private(set) var course: KochCourse
    public private(set) var level: Int
    public private(set) var sessionCount = 0
    /// Sessions that were level lessons.
    public private(set) var levelSessionCount = 0
    public private(set) var sent = 0
    public private(set) var correct = 0
    public private(set) var inserted = 0
    public private(set) var characters: [String: CharacterStatistics] = [:]
    public private(set) var intervalDays = SpacedRepetition.initialIntervalDays
    public private(set) var lastIntervalReason: SpacedRepetition.Reason?
    /// The day of the last level lesson: the schedule counts from it.
    public private(set) var lastDay: CalendarDay?
    /// The day of the last session of any kind.
    public private(set) var lastPracticeDay: CalendarDay?
    /// Reviews scheduled and not yet done, earliest first.
    public private(set) var pendingReviews: [LevelReview] = []
    /// The level after each level lesson, in date order (for a chart of the level over time).
    public private(set) var levelHistory: [LevelStep] = []

    public struct LevelStep: Sendable, Hashable {
        public let day: CalendarDay
        public let level: Int
    }

    /// A direction before any session: at level 2, or at a teacher's `startingLevel` (within the course).
    public init(direction: Direction, course: KochCourse = .letters, startingLevel: Int? = nil) {
        self.direction = direction
        self.course = course
        self.level = min(max(startingLevel ?? KochCourse.firstLevel, KochCourse.firstLevel), course.lastLevel)
    }

    /// The replay of every session of `direction` in `progress`.
    public init(progress: LearnerProgress, direction: Direction) {
        self = LearnerState(progress: progress)[direction]
    }

    /// Next practice day; nil before the first level lesson (practice is due).
    public var nextDueDay: CalendarDay? { lastDay?.adding(days: intervalDays) }

    /// Correct / (sent + inserted) over every session but partial copies, nil before the first.
    public var accuracy: Double? { sent + inserted > 0 ? Double(correct) / Double(sent + inserted) : nil }

    /// What a level lesson graded now would do to the level: the rule of
    /// advancement, applied to `session` against the level before it.
    public func levelDecision(for session: GradedSession) -> LevelDecision {
        guard !session.partial else { return .partialCopy }
        guard session.kind.isLevelLesson else { return .notLevelLesson(session.kind) }
        if session.level < level { return .review(lessonLevel: session.level) }
        if session.sent < Self.advancementMinimumCharacters { return .tooFewCharacters(session.sent) }
        guard session.accuracy(atLeastPercent: Self.advancementPercent) else { return .belowPassMark }
        return level >= course.lastLevel ? .courseComplete : .up(to: level + 1)
    }

    /// Folds one session (in date order) into the state.
    public mutating func apply(_ session: GradedSession, learnerFirstDay: CalendarDay) {
        let day = session.date.day
        sessionCount += 1
        lastPracticeDay = max(lastPracticeDay ?? day, day)
        // A partial copy counts for the streak and the history only.
        guard !session.partial else { return }
        if session.kind.isSelfScored {
            if session.kind.movesSchedule { applySchedule(of: session, learnerFirstDay: learnerFirstDay) }
            levelHistory.append(LevelStep(day: day, level: level))
            return
        }
        sent += session.sent
        correct += session.correct
        inserted += session.inserted
        characters.merge(session.characters, uniquingKeysWith: +)
        guard session.kind.isLevelLesson else { return }

        levelSessionCount += 1
        course = session.course
        let decision = levelDecision(for: session)
        applySchedule(of: session, learnerFirstDay: learnerFirstDay)
        pendingReviews.removeAll { $0.level == session.level && $0.dueDay <= day }
        if case let .up(reached) = decision {
            level = reached
            pendingReviews.removeAll { $0.level == reached }
            pendingReviews.append(LevelReview(level: reached, dueDay: day.adding(days: LevelReview.delayDays)))
            pendingReviews.sort { $0.dueDay < $1.dueDay }
        }
        levelHistory.append(LevelStep(day: day, level: level))
    }

    /// The spaced-repetition rules applied to a session that moves the schedule.
    private mutating func applySchedule(of session: GradedSession, learnerFirstDay: CalendarDay) {
        let day = session.date.day
        let next = SpacedRepetition.nextInterval(
            after: session, intervalDays: intervalDays,
            daysSinceLastSession: lastDay.map { $0.days(until: day) },
            daysSinceFirstSession: learnerFirstDay.days(until: day))
        intervalDays = next.intervalDays
        lastIntervalReason = next.reason
        lastDay = max(lastDay ?? day, day)
    }
}
