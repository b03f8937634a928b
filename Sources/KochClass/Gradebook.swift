import KochCore

/// The class at a glance, from each learner's progress file and their lessons in the pack: a row
/// for every lesson of the pack that is recorded as graded, and for each learner their level at
/// the start of the pack's lessons and now, their weak characters and when they are due.
public struct Gradebook: Sendable {
    /// A graded lesson of the pack.
    public struct Row: Sendable, Hashable {
        public let learner: String
        public let folderName: String
        public let lessonID: String
        /// The lesson's number in the learner's folder (1, 2, ...).
        public let lessonNumber: Int
        public let direction: Direction
        public let done: LocalTimestamp
        public let accuracy: Double
        public let sent: Int
        public let correct: Int
        public let inserted: Int
        /// The level in the lesson's direction just before and just after it was recorded.
        public let levelBefore: Int
        public let levelAfter: Int
        /// The next practice day after it.
        public let nextDue: CalendarDay?
        /// Per character sent: attempts, correct, mistaken for.
        public let characters: [String: CharacterStatistics]

        /// At or above the line that moves a level up (`GradedSession.accuracy(atLeastPercent:)`).
        public let passed: Bool
    }

    /// When a learner is next to practise, on `today`.
    public enum Due: Sendable, Hashable {
        case later(CalendarDay)
        case today
        case overdue(days: Int)
        /// No level lesson recorded yet.
        case now
    }

    /// A learner's summary.
    public struct Learner: Sendable, Hashable {
        public let name: String
        public let folderName: String
        public let direction: Direction
        /// Nil when the progress file could not be read (or there is none).
        public let levelAtStart: Int?
        public let level: Int?
        public let lastLevel: Int
        public let lessonCount: Int
        public let rows: [Row]
        /// The weakest characters over every session in this direction, weakest first (under 80 %).
        public let weakCharacters: [CharacterAccuracy]
        public let due: Due?
        /// Returns of this learner not graded in the run that made the gradebook.
        public let notGraded: Int

        public var returnedNothing: Bool { rows.isEmpty && notGraded == 0 }
        public var movement: Int { (level ?? 0) - (levelAtStart ?? 0) }
    }

    public let today: CalendarDay
    public let learners: [Learner]
    public let notGraded: [NotGraded]

    public var rows: [Row] { learners.flatMap(\.rows) }

    /// Weak characters shown for each learner, at most.
    public static let weakCharactersShown = 5

    public init(learners: [ClassLearner], notGraded: [NotGraded], today: CalendarDay) {
        self.today = today
        self.notGraded = notGraded
        self.learners = learners.map { Self.summary($0, notGraded: notGraded, today: today) }
    }

    private static func summary(_ learner: ClassLearner, notGraded: [NotGraded], today: CalendarDay) -> Learner {
        let direction = learner.direction
        let skipped = notGraded.filter { $0.learner == learner.learner.name }.count
        let course = learner.lessons.first?.key.course ?? .letters
        guard let progress = learner.progress else {
            return Learner(
                name: learner.learner.name, folderName: learner.learner.folderName, direction: direction, levelAtStart: nil, level: nil,
                lastLevel: course.lastLevel, lessonCount: learner.lessons.count, rows: [], weakCharacters: [], due: nil, notGraded: skipped)
        }
        let ordered = progress.sessions.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var rows: [Row] = []
        for (index, session) in ordered.enumerated() {
            guard let number = learner.lessons.firstIndex(where: { $0.lessonID == session.lessonID }) else { continue }
            let before = LearnerState(progress: progress.with(sessions: Array(ordered[..<index])))[session.direction]
            let after = LearnerState(progress: progress.with(sessions: Array(ordered[...index])))[session.direction]
            rows.append(
                Row(
                    learner: learner.learner.name, folderName: learner.learner.folderName, lessonID: session.lessonID, lessonNumber: number + 1,
                    direction: session.direction, done: session.date, accuracy: session.accuracy, sent: session.sent, correct: session.correct,
                    inserted: session.inserted, levelBefore: before.level, levelAfter: after.level, nextDue: after.nextDueDay,
                    characters: session.characters, passed: session.accuracy(atLeastPercent: DirectionProgress.advancementPercent)))
        }
        let now = LearnerState(progress: progress)[direction]
        let weak = WeakCharacters(statistics: now.characters)
        let due: Due
        if let next = now.nextDueDay {
            due = next > today ? .later(next) : next == today ? .today : .overdue(days: next.days(until: today))
        } else {
            due = .now
        }
        return Learner(
            name: learner.learner.name, folderName: learner.learner.folderName, direction: direction,
            // The level before the first of the pack's lessons (practice at home after it does not move it).
            levelAtStart: rows.first { $0.direction == direction }?.levelBefore ?? now.level,
            level: now.level, lastLevel: now.course.lastLevel, lessonCount: learner.lessons.count,
            rows: rows.sorted { $0.lessonNumber < $1.lessonNumber },
            weakCharacters: Array((weak.under50Percent + weak.from50To79Percent).prefix(weakCharactersShown)), due: due, notGraded: skipped)
    }
}
