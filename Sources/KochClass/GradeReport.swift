import KochCore

/// A graded copy as one object: what `koch grade --json` prints.
public struct GradeReport: Encodable {
    public struct Levels: Encodable {
        public let before: Int
        public let after: Int
    }

    public struct Review: Encodable {
        public let level: Int
        public let due: String
    }

    /// The recording a send exercise was graded from.
    public struct Recording: Encodable {
        /// The file graded; a server names it as the learner knows it (`your recording`), not by where it kept it.
        public internal(set) var file: String
        public let toneHz: Double?
        public let decodedText: String
        /// The speed the decoder was told, when the exercise's speed gave the better reading.
        public let speedHintWPM: Double?
        /// For a log of key events: what keyed it (`paddles, Mode B, 20 WPM`, `straight key`).
        public var eventLog: String?
    }

    public struct Earlier: Encodable {
        public let date: String
        public let gradedAt: String
        public let accuracy: Double
    }

    public let lessonID: String
    /// groups (a level lesson), drill, words, callsigns, qso or text.
    public let kind: SessionKind
    public let direction: Direction
    public let course: KochCourse
    public let date: String
    /// Correct / (sent + inserted), 0 to 1, to 4 decimals.
    public let accuracy: Double
    public let sent: Int
    public let correct: Int
    public let substituted: Int
    public let missed: Int
    public let inserted: Int
    public let level: Levels
    public let leveledUp: Bool
    /// Why the level moved or not: up, courseComplete, review, belowPassMark, tooFewCharacters, notLevelLesson.
    public let levelDecision: String
    /// Whether the session moved the practice schedule (only level lessons do).
    public let scheduleMoved: Bool
    /// Where the lesson was stopped (`--stopped-at`, or where a keying ended: the start of the
    /// first group not keyed), in seconds; absent for a whole lesson.
    public let stoppedAtSeconds: Double?
    /// For a lesson stopped early, the groups graded (those before the stop) and the lesson's.
    public let groupsGraded: Int?
    public let groupsInLesson: Int?
    /// Whether the stop is where the keying ended (`KeyingStop`) rather than one given (`--stopped-at`).
    public let stopFoundInKeying: Bool?
    public let newCharacters: [String]
    public let nextDue: String
    public let intervalDays: Int
    public let streak: Int
    public let longestStreak: Int
    public let review: Review?
    public let characters: [String: CharacterStatistics]
    public let groupsWithErrors: [GroupComparison]
    public let recorded: Bool
    public let replaced: Earlier?
    public let progressFile: String
    /// Set when graded from a recording (`--audio`).
    public var recording: Recording?
    public var fist: FistReport?

    /// `keying`: the recording or log of key events a send exercise was graded from; `stop`: the
    /// groups graded and the lesson's, for a lesson stopped early.
    public init(
        score: Score, outcome: GradeOutcome, today: CalendarDay, recorded: Bool, progressFile: String, keying: KeyingRecording? = nil,
        stop: (groupsGraded: Int, groupsInLesson: Int)? = nil
    ) {
        let session = outcome.session
        lessonID = session.lessonID
        kind = session.kind
        direction = session.direction
        course = session.course
        date = session.date.description
        accuracy = score.accuracy.roundedTo4Decimals
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
        groupsGraded = stop?.groupsGraded
        groupsInLesson = stop?.groupsInLesson
        stopFoundInKeying = stop == nil ? nil : keying?.stop != nil
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
            Earlier(date: $0.date.description, gradedAt: $0.gradedAt.description, accuracy: $0.accuracy.roundedTo4Decimals)
        }
        self.progressFile = progressFile
        if let keying {
            recording = Recording(
                file: keying.file, toneHz: keying.toneHz.map { ($0 * 10).rounded() / 10 }, decodedText: keying.result.text,
                speedHintWPM: keying.speedHintWPM, eventLog: keying.eventLog)
            fist = keying.fist
        }
    }
}
