extension StatusReport {
    /// One pair the learner confused lately (`ConfusedPair`), as `koch status --json` gives it.
    public struct ConfusedPairReport: Encodable, Sendable, Hashable {
        /// One way of the confusion: `taken` written (or read from the keying) where `sent` was sent.
        public struct Confusion: Encodable, Sendable, Hashable {
            public let sent: String
            public let taken: String
            public let count: Int
        }

        /// The two characters, the one more often taken for the other first.
        public let characters: [String]
        /// Each way the pair was confused at least once, the commoner first.
        public let confusions: [Confusion]
        /// How many of the direction's last sessions the counts cover.
        public let sessions: Int
        /// The confusions weighed by how lately they happened (1 in the newest session, half every 5 back).
        public let weight: Double
        public let text: String

        public init(_ pair: ConfusedPair) {
            characters = pair.characters
            confusions = [
                Confusion(sent: pair.first, taken: pair.second, count: pair.firstTakenForSecond),
                Confusion(sent: pair.second, taken: pair.first, count: pair.secondTakenForFirst),
            ].filter { $0.count > 0 }
            sessions = pair.sessionCount
            weight = pair.weight.roundedTo4Decimals
            text = pair.text
        }
    }

    /// The direction's pairs confused lately, heaviest first (`ConfusedPairs`).
    static func confusedPairs(_ progress: LearnerProgress, _ direction: Direction) -> [ConfusedPairReport] {
        ConfusedPairs(progress: progress, direction: direction).pairs.map(ConfusedPairReport.init)
    }
}
