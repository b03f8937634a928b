import KochCore

/// What `koch grade --json` prints: one object.
struct GradeReport: Encodable {
    struct Levels: Encodable {
        let before: Int
        let after: Int
    }

    struct Review: Encodable {
        let level: Int
        let due: String
    }

    /// The recording a send exercise was graded from.
    struct Recording: Encodable {
        let file: String
        let toneHz: Double?
        let decodedText: String
        /// The speed the decoder was told, when the exercise's speed gave the better reading.
        let speedHintWPM: Double?
        /// For a log of key events: what keyed it (`paddles, Mode B, 20 WPM`, `straight key`).
        var eventLog: String?
    }

    struct Earlier: Encodable {
        let date: String
        let gradedAt: String
        let accuracy: Double
    }

    let lessonID: String
    /// groups (a level lesson), drill, words, callsigns, qso or text.
    let kind: SessionKind
    let direction: Direction
    let course: KochCourse
    let date: String
    /// Correct / (sent + inserted), 0 to 1, to 4 decimals.
    let accuracy: Double
    let sent: Int
    let correct: Int
    let substituted: Int
    let missed: Int
    let inserted: Int
    let level: Levels
    let leveledUp: Bool
    /// Why the level moved or not: up, courseComplete, review, belowPassMark, tooFewCharacters, notLevelLesson.
    let levelDecision: String
    /// Whether the session moved the practice schedule (only level lessons do).
    let scheduleMoved: Bool
    /// Where the lesson was stopped (`--stopped-at`), in seconds; absent for a whole lesson.
    let stoppedAtSeconds: Double?
    let newCharacters: [String]
    let nextDue: String
    let intervalDays: Int
    let streak: Int
    let longestStreak: Int
    let review: Review?
    let characters: [String: CharacterStatistics]
    let groupsWithErrors: [GroupComparison]
    let recorded: Bool
    let replaced: Earlier?
    let progressFile: String
    /// Set when graded from a recording (`--audio`).
    var recording: Recording?
    var fist: FistReport?

    init(score: Score, outcome: GradeOutcome, today: CalendarDay, recorded: Bool, progressFile: String) {
        let session = outcome.session
        lessonID = session.lessonID
        kind = session.kind
        direction = session.direction
        course = session.course
        date = session.date.description
        accuracy = Self.rounded(score.accuracy)
        sent = score.sent
        correct = score.correct
        substituted = score.substituted
        missed = score.missed
        inserted = score.inserted
        level = Levels(before: outcome.before.level, after: outcome.after.level)
        leveledUp = outcome.leveledUp
        levelDecision = outcome.levelDecision.name
        scheduleMoved = outcome.levelDecision.movedSchedule
        stoppedAtSeconds = session.stoppedAtSeconds
        newCharacters = Array(session.course.unlocked(atLevel: outcome.after.level).dropFirst(outcome.before.level).map(\.text))
        nextDue = outcome.after.nextDueDay?.description ?? today.description
        intervalDays = outcome.after.intervalDays
        streak = outcome.learnerAfter.streak.days
        longestStreak = outcome.learnerAfter.streak.longestDays
        review = outcome.announcedReview.map { Review(level: $0.level, due: $0.dueDay.description) }
        characters = score.characters
        groupsWithErrors = score.groupsWithErrors
        self.recorded = recorded
        replaced = outcome.replaced.map {
            Earlier(date: $0.date.description, gradedAt: $0.gradedAt.description, accuracy: Self.rounded($0.accuracy))
        }
        self.progressFile = progressFile
    }

    static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }
}
