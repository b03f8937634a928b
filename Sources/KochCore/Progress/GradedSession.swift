/// One graded lesson: the record from which everything else in the
/// progress file (levels, statistics, schedule, streak) is derived.
public struct GradedSession: Sendable, Hashable, Codable {
    public var lessonID: String
    public var direction: Direction
    /// The course of the lesson's characters.
    public var course: KochCourse
    /// The level the lesson was made at.
    public var level: Int
    /// What the lesson was; only a level lesson (`groups`) moves the level and the schedule.
    public var kind: SessionKind
    /// When the lesson was done, on the learner's clock.
    public var date: LocalTimestamp
    /// When it was graded.
    public var gradedAt: LocalTimestamp
    public var sent: Int
    public var correct: Int
    public var inserted: Int
    /// Per sent character.
    public var characters: [String: CharacterStatistics]
    /// Where the learner stopped a lesson early (`koch grade --stopped-at`):
    /// only what was sent before it was graded. Nil for a whole lesson.
    public var stoppedAtSeconds: Double?
    /// A copy recorded although it covers under a quarter of the lesson (`koch grade --partial`):
    /// it counts for the streak and the history, never for statistics, level or schedule.
    public var partial: Bool
    /// How the learner keyed a send session read from a recording, a log of key events or a
    /// live session; nil for a typed copy and for a receive session.
    public var keying: SessionKeying?
    /// Done live at the computer (`koch practice`), not from a lesson's files.
    public var live: Bool

    public init(
        lessonID: String, direction: Direction, course: KochCourse, level: Int, kind: SessionKind = .groups,
        date: LocalTimestamp, gradedAt: LocalTimestamp,
        sent: Int, correct: Int, inserted: Int, characters: [String: CharacterStatistics], stoppedAtSeconds: Double? = nil,
        partial: Bool = false, keying: SessionKeying? = nil, live: Bool = false
    ) {
        self.lessonID = lessonID
        self.direction = direction
        self.course = course
        self.level = level
        self.kind = kind
        self.date = date
        self.gradedAt = gradedAt
        self.sent = sent
        self.correct = correct
        self.inserted = inserted
        self.characters = characters
        self.stoppedAtSeconds = stoppedAtSeconds
        self.partial = partial
        self.keying = keying
        self.live = live
    }

    /// The session of grading `score` against `key` (a key cut at `stoppedAtSeconds`, if given).
    public init(
        key: AnswerKey, score: Score, date: LocalTimestamp, gradedAt: LocalTimestamp, stoppedAtSeconds: Double? = nil, partial: Bool = false
    ) {
        self.init(
            lessonID: key.lessonID, direction: key.direction, course: key.course, level: key.level, kind: SessionKind(key: key),
            date: date, gradedAt: gradedAt, sent: score.sent, correct: score.correct, inserted: score.inserted,
            characters: score.characters, stoppedAtSeconds: stoppedAtSeconds, partial: partial)
    }

    /// Correct / (sent + inserted).
    public var accuracy: Double {
        sent + inserted > 0 ? Double(correct) / Double(sent + inserted) : 0
    }

    /// Whether the accuracy is at least `percent` %, in whole numbers so
    /// that exactly 90 % (18 of 20) counts as 90 %.
    public func accuracy(atLeastPercent percent: Int) -> Bool {
        sent + inserted > 0 && correct * 100 >= percent * (sent + inserted)
    }
}

extension GradedSession {
    private enum CodingKeys: String, CodingKey {
        case lessonID, direction, course, level, kind, date, gradedAt, sent, correct, inserted, characters, stoppedAtSeconds, partial
        case keying, live
        /// Format version 1's only record of the kind: written as false for a lesson that was not a level's.
        case countsTowardLevel
    }

    /// A session of format version 1 has no `kind`: it was a level lesson
    /// unless it was marked `"countsTowardLevel": false` (then `other`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind: SessionKind
        if let recorded = try container.decodeIfPresent(SessionKind.self, forKey: .kind) {
            kind = recorded
        } else {
            kind = try container.decodeIfPresent(Bool.self, forKey: .countsTowardLevel) == false ? .other : .groups
        }
        self.init(
            lessonID: try container.decode(String.self, forKey: .lessonID),
            direction: try container.decode(Direction.self, forKey: .direction),
            course: try container.decode(KochCourse.self, forKey: .course),
            level: try container.decode(Int.self, forKey: .level),
            kind: kind,
            date: try container.decode(LocalTimestamp.self, forKey: .date),
            gradedAt: try container.decode(LocalTimestamp.self, forKey: .gradedAt),
            sent: try container.decode(Int.self, forKey: .sent),
            correct: try container.decode(Int.self, forKey: .correct),
            inserted: try container.decode(Int.self, forKey: .inserted),
            characters: try container.decode([String: CharacterStatistics].self, forKey: .characters),
            stoppedAtSeconds: try container.decodeIfPresent(Double.self, forKey: .stoppedAtSeconds),
            partial: try container.decodeIfPresent(Bool.self, forKey: .partial) ?? false,
            keying: try container.decodeIfPresent(SessionKeying.self, forKey: .keying),
            live: try container.decodeIfPresent(Bool.self, forKey: .live) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lessonID, forKey: .lessonID)
        try container.encode(direction, forKey: .direction)
        try container.encode(course, forKey: .course)
        try container.encode(level, forKey: .level)
        try container.encode(kind, forKey: .kind)
        try container.encode(date, forKey: .date)
        try container.encode(gradedAt, forKey: .gradedAt)
        try container.encode(sent, forKey: .sent)
        try container.encode(correct, forKey: .correct)
        try container.encode(inserted, forKey: .inserted)
        try container.encode(characters, forKey: .characters)
        try container.encodeIfPresent(stoppedAtSeconds, forKey: .stoppedAtSeconds)
        if partial { try container.encode(true, forKey: .partial) }
        try container.encodeIfPresent(keying, forKey: .keying)
        if live { try container.encode(true, forKey: .live) }
    }
}
