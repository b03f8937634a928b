import KochCore

/// What `koch status --json` prints: one object with both directions.
struct StatusReport: Encodable {
    struct Review: Encodable {
        let level: Int
        let due: String
    }

    struct Tiers: Encodable {
        let under50Percent: [CharacterAccuracy]
        let from50To79Percent: [CharacterAccuracy]
        let atLeast80Percent: [CharacterAccuracy]
    }

    struct DirectionReport: Encodable {
        let direction: Direction
        let course: KochCourse
        let level: Int
        let lastLevel: Int
        let levelText: String
        let unlockedCharacters: [String]
        let nextCharacter: String?
        /// 0 to 1 over every session; null before the first.
        let accuracy: Double?
        let sessions: Int
        let charactersSent: Int
        let charactersCorrect: Int
        /// Null before the first session.
        let nextDue: String?
        let dueNow: Bool
        let intervalDays: Int
        let review: Review?
        /// Sessions that were level lessons; the others count for statistics and the streak only.
        let levelSessions: Int
        let lastPractice: String?
        let weakCharacters: Tiers

        init(_ status: DirectionStatus) {
            direction = status.direction
            course = status.course
            level = status.level
            lastLevel = status.course.lastLevel
            levelText = status.levelText
            unlockedCharacters = status.unlockedCharacters
            nextCharacter = status.nextCharacter
            accuracy = status.accuracy.map(GradeReport.rounded)
            sessions = status.sessionCount
            charactersSent = status.charactersSent
            charactersCorrect = status.charactersCorrect
            nextDue = status.nextDueDay?.description
            dueNow = status.isDue
            intervalDays = status.intervalDays
            review = status.review.map { Review(level: $0.level, due: $0.dueDay.description) }
            levelSessions = status.levelSessionCount
            lastPractice = status.lastDay?.description
            weakCharacters = Tiers(
                under50Percent: status.weakCharacters.under50Percent,
                from50To79Percent: status.weakCharacters.from50To79Percent,
                atLeast80Percent: status.weakCharacters.atLeast80Percent)
        }
    }

    let progressFile: String
    let today: String
    /// The learner's one streak, kept up by sessions in either direction; 0 once a due day passed without one.
    let streak: Int
    let longestStreak: Int
    let receive: DirectionReport
    let send: DirectionReport
}
