import KochCore

/// What a learner hands in for one lesson, to be graded against its key (`LessonGrading`).
public enum LessonReturn: Sendable {
    /// A typed copy of a lesson listened to, as the learner wrote it.
    case copy(String)
    /// A recording of the learner keying a send exercise, at `path`. `toneHz` and `speedWPM`
    /// steer the decoder when its own search picks the wrong tone or misjudges the speed.
    case recording(path: String, toneHz: Double? = nil, speedWPM: Double? = nil)
    /// A log of the learner's paddle or straight-key events of a send exercise, read from `path`;
    /// paddles through the keyer in `mode` at `speedWPM` (else the exercise's speed).
    case events(PaddleLog, path: String, speedWPM: Double? = nil, mode: IambicMode = .b)
    /// A keying read live as it was keyed (the drill of a character at a time), its log or
    /// recording kept at `path`: graded on that reading, not read again, so that the grade is the
    /// one the session showed. `keyerMade`: an electronic keyer made its marks (paddles).
    case readLive(DecoderOutput, path: String, keyerMade: Bool)
    /// How many of a spoken lesson's items the learner got right, by their own reckoning.
    case heard(Int)

    /// What sort of return it is, as far as its key is concerned: all a key can refuse before it is read.
    public enum Kind: Sendable, Hashable {
        /// A typed copy: any lesson takes one.
        case copy
        /// A recording or a log of key events: a send exercise's.
        case keying
        /// A count of items heard: a spoken lesson's, up to its number of items.
        case heard(Int)
    }

    public var kind: Kind {
        switch self {
        case .copy: .copy
        case .recording, .events, .readLive: .keying
        case let .heard(count): .heard(count)
        }
    }
}
