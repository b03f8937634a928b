/// The speed a log of key events is keyed and read at: one rule for `koch keyer` and for a send
/// exercise graded from a log.
///
/// - The keyer starts at the speed given, else at the exercise's character speed brought within
///   the keyer's 5 to 40 WPM, else at `IambicKeyer.defaultWPM`; a `wpm` line of the log changes
///   it from then on (`PaddleLog.speedsWPM`).
/// - A speed given must lie within the keyer's 5 to 40 WPM.
/// - The reading of what was keyed is told the keyer's first speed for paddles. A straight key's
///   marks are the learner's own timing: the reading is told the speed given, if any, and
///   otherwise measures it.
public struct KeyerSpeed: Sendable, Hashable {
    /// The speeds the keyer keys at (`IambicKeyer.speedsWPM`).
    public static let rangeWPM = Double(IambicKeyer.speedsWPM.lowerBound)...Double(IambicKeyer.speedsWPM.upperBound)

    /// The speed the learner gave; nil when none was.
    public let givenWPM: Double?
    /// The keyer's speed at the start of the log.
    public let startWPM: Double

    /// `exerciseWPM`: the character speed of the exercise keyed, when the log is of one.
    public init(givenWPM: Double?, exerciseWPM: Double? = nil) {
        self.givenWPM = givenWPM
        startWPM = givenWPM ?? exerciseWPM.map { min(max($0, Self.rangeWPM.lowerBound), Self.rangeWPM.upperBound) } ?? IambicKeyer.defaultWPM
    }

    /// Whether the keyer keys at `wpm`.
    public static func allows(_ wpm: Double) -> Bool { rangeWPM.contains(wpm) }
}

extension PaddleLog {
    /// What a log keyed: the elements, the keyer's speeds over the log, and the speed the
    /// reading of the elements is told (`KeyerSpeed`).
    public struct Keying: Sendable {
        public let elements: [KeyedElement]
        /// In order, each once; the first the one the log starts at.
        public let speedsWPM: [Double]
        /// Nil: the reading measures the speed.
        public let readingSpeedWPM: Double?
    }

    /// The log through the keyer at `speed` in `mode` (a straight key's marks as they were).
    public func keying(at speed: KeyerSpeed, mode: IambicMode) -> Keying {
        let speeds = speedsWPM(startingAt: speed.startWPM)
        return Keying(
            elements: keyed(wpm: speed.startWPM, mode: mode), speedsWPM: speeds, readingSpeedWPM: isStraightKey ? speed.givenWPM : speeds.first)
    }
}
