/// A learner's status in both directions as one object: what `koch status --json` prints.
public struct StatusReport: Encodable {
    public struct Review: Encodable {
        public let level: Int
        public let due: String
    }

    public struct Tiers: Encodable {
        public let under50Percent: [CharacterAccuracy]
        public let from50To79Percent: [CharacterAccuracy]
        public let atLeast80Percent: [CharacterAccuracy]
    }

    public struct DirectionReport: Encodable {
        public let direction: Direction
        public let course: KochCourse
        public let level: Int
        public let lastLevel: Int
        public let levelText: String
        public let unlockedCharacters: [String]
        public let nextCharacter: String?
        /// 0 to 1 over every session; null before the first.
        public let accuracy: Double?
        public let sessions: Int
        public let charactersSent: Int
        public let charactersCorrect: Int
        /// Null before the first session.
        public let nextDue: String?
        public let dueNow: Bool
        public let intervalDays: Int
        public let review: Review?
        /// Sessions that were level lessons; the others count for statistics and the streak only.
        public let levelSessions: Int
        public let lastPractice: String?
        public let weakCharacters: Tiers
        /// The send sessions' fist week by week, with the advice on the latest week; absent for receive.
        public var fist: FistOverTime?
        /// Each week with practice, oldest first, by kind of practice.
        public let byKind: [KindWeek]
        /// Every character sent, in course order, with its last day and, for sending, its keying time.
        public let characters: [CharacterReport]
        /// The pairs confused lately, heaviest first; empty when none (`ConfusedPairs`).
        public internal(set) var confusedPairs: [ConfusedPairReport] = []

        /// `status` with the week-by-week and per-character figures of its direction's sessions among `recorded`.
        public init(_ status: DirectionStatus, recorded: [GradedSession]) {
            direction = status.direction
            course = status.course
            level = status.level
            lastLevel = status.course.lastLevel
            levelText = status.levelText
            unlockedCharacters = status.unlockedCharacters
            nextCharacter = status.nextCharacter
            accuracy = status.accuracy.map(\.roundedTo4Decimals)
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
            byKind = PracticeByKind(sessions: recorded, direction: status.direction).weeks.map(KindWeek.init)
            characters = CharacterProgress.all(sessions: recorded, direction: status.direction, course: status.course).map(CharacterReport.init)
        }
    }

    /// The self-scored spoken lessons, apart from the directions' statistics.
    public struct SelfScored: Encodable {
        public struct Last: Encodable {
            public let day: String
            public let itemsRight: Int
            public let items: Int
        }

        public let sessions: Int
        /// Absent before the first.
        public let last: Last?
        /// What moves the receive level, when self-scored lessons are the latest practice
        /// (`SelfScoredSummary.advice(nextCharacter:)`); absent otherwise.
        public let advice: String?

        public init(_ summary: SelfScoredSummary, nextCharacter: String?) {
            sessions = summary.sessionCount
            last = summary.last.map { Last(day: $0.day.description, itemsRight: $0.itemsRight, items: $0.items) }
            advice = summary.advice(nextCharacter: nextCharacter)
        }
    }

    public let progressFile: String
    public let today: String
    /// The learner's one streak, kept up by sessions in either direction; 0 once a due day passed without one.
    public let streak: Int
    public let longestStreak: Int
    public let receive: DirectionReport
    public let send: DirectionReport
    public let selfScored: SelfScored

    public init(progressFile: String, today: CalendarDay, progress: LearnerProgress) {
        let learner = LearnerState(progress: progress)
        self.progressFile = progressFile
        self.today = today.description
        streak = learner.streakDays(asOf: today)
        longestStreak = learner.streak.longestDays
        let receiveStatus = DirectionStatus(progress: learner[.receive], today: today)
        var receive = DirectionReport(receiveStatus, recorded: progress.sessions)
        receive.confusedPairs = Self.confusedPairs(progress, .receive)
        var send = DirectionReport(DirectionStatus(progress: learner[.send], today: today), recorded: progress.sessions)
        send.confusedPairs = Self.confusedPairs(progress, .send)
        send.fist = FistOverTime(progress: progress, today: today)
        self.receive = receive
        self.send = send
        selfScored = SelfScored(SelfScoredSummary(progress: progress), nextCharacter: receiveStatus.nextCharacter)
    }
}
