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

    public init(
        lessonID: String, direction: Direction, course: KochCourse, level: Int, date: LocalTimestamp, gradedAt: LocalTimestamp,
        sent: Int, correct: Int, inserted: Int, characters: [String: CharacterStatistics]
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
    }

    /// The session of grading `score` against `key`.
    public init(key: AnswerKey, score: Score, date: LocalTimestamp, gradedAt: LocalTimestamp) {
        self.init(
            lessonID: key.lessonID, direction: key.direction, course: key.course, level: key.level, date: date, gradedAt: gradedAt,
            sent: score.sent, correct: score.correct, inserted: score.inserted, characters: score.characters)
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
