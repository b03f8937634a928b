extension StatusReport {
    /// One ISO week's practice in a direction, by kind (`PracticeByKind`).
    public struct KindWeek: Encodable {
        /// A kind's figures: characters for every kind but a self-scored one, whose figures are
        /// items heard right over items.
        public struct Kind: Encodable {
            public let kind: ProgressCategory
            public let sessions: Int
            public let charactersSent: Int?
            public let charactersCorrect: Int?
            public let inserted: Int?
            public let items: Int?
            public let itemsRight: Int?
            /// 0 to 1; absent when nothing was sent.
            public let accuracy: Double?

            public init(_ tally: PracticeByKind.Tally) {
                kind = tally.kind
                sessions = tally.sessions
                let selfScored = tally.kind.isSelfScored
                charactersSent = selfScored ? nil : tally.sent
                charactersCorrect = selfScored ? nil : tally.correct
                inserted = selfScored ? nil : tally.inserted
                items = selfScored ? tally.sent : nil
                itemsRight = selfScored ? tally.correct : nil
                accuracy = tally.accuracy.map(\.roundedTo4Decimals)
            }
        }

        /// `2026-W48`.
        public let week: String
        /// The week's Monday.
        public let weekStart: String
        public let kinds: [Kind]

        public init(_ week: PracticeByKind.Week) {
            self.week = week.weekStart.isoWeekText
            weekStart = week.weekStart.description
            kinds = week.kinds.map(Kind.init)
        }
    }

    /// One character's figures in a direction (`CharacterProgress`).
    public struct CharacterReport: Encodable {
        public struct Keying: Encodable {
            public let timed: Int
            public let meanSeconds: Double
            public let standardSeconds: Double
            /// Each session's time over its standard, averaged by the times timed.
            public let ratio: Double
        }

        public let character: String
        public let attempts: Int
        public let correct: Int
        /// 0 to 1.
        public let accuracy: Double?
        public let lastPractised: String
        /// Absent when no session timed the character's keying.
        public let keying: Keying?

        public init(_ progress: CharacterProgress) {
            character = progress.character
            attempts = progress.attempts
            correct = progress.correct
            accuracy = progress.accuracy.map(\.roundedTo4Decimals)
            lastPractised = progress.lastDay.description
            keying = progress.keying.map {
                Keying(timed: $0.timed, meanSeconds: $0.meanSeconds, standardSeconds: $0.standardSeconds, ratio: $0.ratio)
            }
        }
    }
}
