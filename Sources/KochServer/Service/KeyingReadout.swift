import KochCore

/// What a page that is the key shows the learner as they key, character by character: each
/// character read from the log so far, its pattern, and each element and gap against the standard
/// at the exercise's speed. Recorded nowhere: the whole exercise is graded when it is sent.
public struct KeyingReadout: Sendable, Encodable {
    public struct ElementLength: Sendable, Encodable {
        public let kind: String
        public let units: Double
        public let standard: Int
        public let close: Bool
    }

    public struct Character: Sendable, Encodable {
        /// What the pattern reads as; nil for a pattern that is no character.
        public let text: String?
        public let pattern: String
        public let wordSpaceBefore: Bool
        public let endSeconds: Double
        public let timings: [ElementLength]
    }

    /// The exercise's character speed, which the timings are measured against.
    public let wpm: Double
    public let unitSeconds: Double
    public let characters: [Character]

    /// The characters of `log` read at `wpm`.
    public init(log: PaddleLog, wpm: Double) {
        self.wpm = wpm
        unitSeconds = Timing.unitSeconds(wpm: wpm)
        characters = log.characters(wpm: wpm, mode: .b).map { character in
            Character(
                text: character.text, pattern: character.pattern, wordSpaceBefore: character.wordSpaceBefore,
                endSeconds: (character.endSeconds * 10_000).rounded() / 10_000,
                timings: character.timings(atWPM: wpm).map {
                    ElementLength(
                        kind: $0.kind.rawValue, units: ($0.lengthUnits * 100).rounded() / 100, standard: $0.standardUnits, close: $0.isClose)
                })
        }
    }
}
