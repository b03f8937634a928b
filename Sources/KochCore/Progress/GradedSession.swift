/// One graded lesson: the record from which everything else in the
/// progress file (levels, statistics, schedule, streak) is derived.
public struct GradedSession: Sendable, Hashable, Codable {
    public var lessonID: String
    public var direction: Direction
    public var course: KochCourse
    /// The level the lesson was made at.
    public var level: Int
    /// When the lesson was done, on the learner's clock.
    public var date: LocalTimestamp
    /// When it was graded.
    public var gradedAt: LocalTimestamp
    public var sent: Int
    public var correct: Int
    public var inserted: Int
    /// Per sent character.
    public var characters: [String: CharacterStatistics]
    /// Whether the lesson was of the course's characters at its level, and
    /// so can move the level: a drill of chosen characters (`--chars`), a
    /// QSO or a text counts for statistics, schedule and streak, not for the level.
    public var countsTowardLevel: Bool

    public init(
        lessonID: String, direction: Direction, course: KochCourse, level: Int, date: LocalTimestamp, gradedAt: LocalTimestamp,
        sent: Int, correct: Int, inserted: Int, characters: [String: CharacterStatistics], countsTowardLevel: Bool = true
    ) {
        self.lessonID = lessonID
        self.direction = direction
        self.course = course
        self.level = level
        self.date = date
        self.gradedAt = gradedAt
        self.sent = sent
        self.correct = correct
        self.inserted = inserted
        self.characters = characters
        self.countsTowardLevel = countsTowardLevel
    }

    /// The session of grading `score` against `key`.
    public init(key: AnswerKey, score: Score, date: LocalTimestamp, gradedAt: LocalTimestamp) {
        self.init(
            lessonID: key.lessonID, direction: key.direction, course: key.course, level: key.level, date: date, gradedAt: gradedAt,
            sent: score.sent, correct: score.correct, inserted: score.inserted, characters: score.characters,
            countsTowardLevel: key.settings.kind.usesLevel && key.settings.customCharacters == nil)
    }

    /// Correct / (sent + inserted).
    public var accuracy: Double {
        sent + inserted > 0 ? Double(correct) / Double(sent + inserted) : 0
    }

    /// Whether the accuracy is at least `percent` %, in whole numbers so
    /// that exactly 90 % (18 of 20) counts as 90 %.
    public func accuracy(atLeastPercent percent: Int) -> Bool {
        correct * 100 >= percent * (sent + inserted)
    }
}

extension GradedSession {
    private enum CodingKeys: String, CodingKey {
        case lessonID, direction, course, level, date, gradedAt, sent, correct, inserted, characters, countsTowardLevel
    }

    /// `countsTowardLevel` is written only when false, and read as true when absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            lessonID: try container.decode(String.self, forKey: .lessonID),
            direction: try container.decode(Direction.self, forKey: .direction),
            course: try container.decode(KochCourse.self, forKey: .course),
            level: try container.decode(Int.self, forKey: .level),
            date: try container.decode(LocalTimestamp.self, forKey: .date),
            gradedAt: try container.decode(LocalTimestamp.self, forKey: .gradedAt),
            sent: try container.decode(Int.self, forKey: .sent),
            correct: try container.decode(Int.self, forKey: .correct),
            inserted: try container.decode(Int.self, forKey: .inserted),
            characters: try container.decode([String: CharacterStatistics].self, forKey: .characters),
            countsTowardLevel: try container.decodeIfPresent(Bool.self, forKey: .countsTowardLevel) ?? true)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lessonID, forKey: .lessonID)
        try container.encode(direction, forKey: .direction)
        try container.encode(course, forKey: .course)
        try container.encode(level, forKey: .level)
        try container.encode(date, forKey: .date)
        try container.encode(gradedAt, forKey: .gradedAt)
        try container.encode(sent, forKey: .sent)
        try container.encode(correct, forKey: .correct)
        try container.encode(inserted, forKey: .inserted)
        try container.encode(characters, forKey: .characters)
        if !countsTowardLevel { try container.encode(false, forKey: .countsTowardLevel) }
    }
}
