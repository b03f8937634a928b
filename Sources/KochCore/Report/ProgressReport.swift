/// What a learner's progress report shows, worked out from the progress
/// file as of a day: per direction the levels and session accuracy over
/// time, the course's characters with their accuracy, the pairs confused
/// lately, the next practice day and reviews; and for the learner the
/// streak and a calendar of the practice of the last weeks.
public struct ProgressReport: Sendable {
    /// Accuracy tiers of the design's proficiency rings.
    public enum Tier: String, Sendable, Hashable {
        case under50Percent = "under50"
        case from50To79Percent = "from50to79"
        case atLeast80Percent = "atLeast80"

        public init(accuracy: Double) {
            self = accuracy < 0.5 ? .under50Percent : accuracy < 0.8 ? .from50To79Percent : .atLeast80Percent
        }
    }

    public struct SessionPoint: Sendable, Hashable {
        public let day: CalendarDay
        public let accuracy: Double
        public let kind: SessionKind
        public let sent: Int
    }

    public struct Cell: Sendable, Hashable {
        public let character: String
        public let pattern: String
        /// Unlocked at the learner's level.
        public let unlocked: Bool
        public let attempts: Int
        /// Nil for a character never practised: no ring.
        public let accuracy: Double?
        public var tier: Tier? { accuracy.map(Tier.init(accuracy:)) }
    }

    public struct Direction: Sendable {
        public let direction: KochCore.Direction
        public let course: KochCourse
        public let level: Int
        public let sessionCount: Int
        /// The level after each level lesson.
        public let levels: [DirectionProgress.LevelStep]
        /// Every session but partial copies (whose accuracy is not a grade of the lesson).
        public let sessions: [SessionPoint]
        public let cells: [Cell]
        /// The pairs confused lately, heaviest first (`ConfusedPairs`).
        public let confusedPairs: [ConfusedPair]
        public let nextDueDay: CalendarDay?
        public let reviews: [LevelReview]
        /// The practice of each week by kind.
        public let byKind: PracticeByKind
        /// Every character sent, with its last day and its keying time.
        public let characters: [CharacterProgress]
    }

    public struct CalendarCell: Sendable, Hashable {
        public let day: CalendarDay
        public let sessions: Int
    }

    public static let calendarWeeks = 16

    public let today: CalendarDay
    public let sessionCount: Int
    public let firstDay: CalendarDay?
    public let streakDays: Int
    public let longestStreakDays: Int
    public let directions: [Direction]
    /// Whole weeks, Monday first, ending with the week of `today`.
    public let calendar: [CalendarCell]
    /// What moves the receive level, when self-scored spoken lessons are the latest practice.
    public let selfScoredAdvice: String?
    /// The send sessions' fist, week by week.
    public let fist: FistOverTime

    /// The report as of `today`: sessions done after it are left out.
    public init(progress all: LearnerProgress, today: CalendarDay) {
        self.today = today
        let progress = all.with(sessions: all.sessions.filter { $0.date.day <= today })
        let learner = LearnerState(progress: progress)
        let ordered = progress.sessions.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        sessionCount = ordered.count
        firstDay = ordered.first?.date.day
        streakDays = learner.streakDays(asOf: today)
        longestStreakDays = learner.streak.longestDays
        directions = KochCore.Direction.allCases.map { direction in
            Self.summary(
                direction, sessions: ordered.filter { $0.direction == direction }, progress: learner[direction],
                confusedPairs: ConfusedPairs(progress: progress, direction: direction).pairs)
        }
        let receive = learner[.receive]
        selfScoredAdvice = SelfScoredSummary(progress: progress).advice(nextCharacter: receive.course.next(afterLevel: receive.level)?.text)
        fist = FistOverTime(progress: progress, today: today)
        let lastDay = today.adding(days: 7 - today.isoWeekday)
        let firstCalendarDay = lastDay.adding(days: -(7 * Self.calendarWeeks - 1))
        var counts: [CalendarDay: Int] = [:]
        for session in ordered { counts[session.date.day, default: 0] += 1 }
        calendar = (0..<(7 * Self.calendarWeeks)).map { offset in
            let day = firstCalendarDay.adding(days: offset)
            return CalendarCell(day: day, sessions: counts[day] ?? 0)
        }
    }

    private static func summary(
        _ direction: KochCore.Direction, sessions: [GradedSession], progress: DirectionProgress, confusedPairs: [ConfusedPair]
    ) -> Direction {
        let unlocked = Set(progress.course.unlocked(atLevel: progress.level).map(\.text))
        let cells = progress.course.order.map { symbol in
            let statistics = progress.characters[symbol.text]
            return Cell(
                character: symbol.text, pattern: symbol.pattern, unlocked: unlocked.contains(symbol.text),
                attempts: statistics?.attempts ?? 0, accuracy: statistics?.accuracy)
        }
        return Direction(
            direction: direction, course: progress.course, level: progress.level, sessionCount: progress.sessionCount,
            levels: progress.levelHistory,
            sessions: sessions.filter { !$0.partial }.map { SessionPoint(day: $0.date.day, accuracy: $0.accuracy, kind: $0.kind, sent: $0.sent) },
            cells: cells, confusedPairs: confusedPairs, nextDueDay: progress.nextDueDay,
            reviews: progress.pendingReviews, byKind: PracticeByKind(sessions: sessions, direction: direction),
            characters: CharacterProgress.all(sessions: sessions, direction: direction, course: progress.course))
    }
}
