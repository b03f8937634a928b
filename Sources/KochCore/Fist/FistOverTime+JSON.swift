/// `koch status --json`'s `send.fist`: the weeks, oldest first, and the advice on the latest.
extension FistOverTime: Encodable {
    private enum CodingKeys: String, CodingKey { case weeks, latestAdvice }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weeks, forKey: .weeks)
        try container.encodeIfPresent(latestAdvice, forKey: .latestAdvice)
    }
}

/// A week as `2026-W48` and its Monday, then its figures under the names a session's `keying` has.
extension FistOverTime.Week: Encodable {
    private enum CodingKeys: String, CodingKey {
        case week, weekStart, sessions, marks, speedWPM, effectiveSpeedWPM, dahToDitRatio, dits, dahs, intraCharacterGaps
        case characterGaps, wordGaps, steadinessPercent, ambiguous, targets
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weekStart.isoWeekText, forKey: .week)
        try container.encode(weekStart.description, forKey: .weekStart)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(marks, forKey: .marks)
        try container.encode(speedWPM, forKey: .speedWPM)
        try container.encode(effectiveSpeedWPM, forKey: .effectiveSpeedWPM)
        try container.encodeIfPresent(dahToDitRatio, forKey: .dahToDitRatio)
        try container.encode(dits, forKey: .dits)
        try container.encodeIfPresent(dahs, forKey: .dahs)
        try container.encodeIfPresent(intraCharacterGaps, forKey: .intraCharacterGaps)
        try container.encodeIfPresent(characterGaps, forKey: .characterGaps)
        try container.encodeIfPresent(wordGaps, forKey: .wordGaps)
        try container.encodeIfPresent(steadinessPercent, forKey: .steadinessPercent)
        try container.encode(ambiguousCount, forKey: .ambiguous)
        try container.encode(targets, forKey: .targets)
    }
}
