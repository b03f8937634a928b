extension Score {
    /// A character that was not always copied right, and what was written for it instead.
    public struct Trouble: Sendable {
        public let character: String
        public let statistics: CharacterStatistics
        /// The characters written in its place, the most frequent first (then in alphabetical order).
        public let mistakenFor: [(character: String, count: Int)]
    }

    /// The characters not always copied right, the worst first: the lowest share right, ties
    /// in alphabetical order, so that the learner reads first what to practise most.
    public var troubles: [Trouble] {
        characters.filter { $0.value.correct < $0.value.attempts }
            .sorted { lhs, rhs in
                // Shares compared as cross products: exact, with no division.
                (lhs.value.correct * rhs.value.attempts, lhs.key) < (rhs.value.correct * lhs.value.attempts, rhs.key)
            }
            .map { character, statistics in
                let mistakes = statistics.mistakenFor.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                return Trouble(character: character, statistics: statistics, mistakenFor: mistakes.map { (character: $0.key, count: $0.value) })
            }
    }
}
