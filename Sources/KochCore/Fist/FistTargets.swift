/// What a fist's figures should be, in dits of the learner's own speed.
///
/// PARIS timing: a dah lasts 3 dits, the gap inside a character 1, between
/// characters 3, between words 7. Those gaps are the shortest that read
/// well, whatever the exercise. For an exercise with Farnsworth spacing the
/// gaps between characters and words may stretch further, to what the
/// exercise's effective speed gives at the learner's character speed
/// (`Timing+Farnsworth`); nil when the exercise has none.
public struct FistTargets: Sendable, Hashable, Codable {
    public let dahToDitRatio: Double
    public let intraCharacterGapDits: Double
    public let characterGapDits: Double
    public let wordGapDits: Double
    /// The exercise's character speed and effective speed.
    public let characterSpeedWPM: Double
    public let effectiveSpeedWPM: Double
    /// The stretched gaps, at the exercise's effective speed, when it has Farnsworth spacing.
    public let farnsworthCharacterGapDits: Double?
    public let farnsworthWordGapDits: Double?

    /// Targets for an exercise of `exercise` timing keyed with dits of `ditSeconds`.
    public init(exercise: Timing, ditSeconds: Double) {
        dahToDitRatio = 3
        intraCharacterGapDits = 1
        characterGapDits = 3
        wordGapDits = 7
        characterSpeedWPM = exercise.characterSpeedWPM
        effectiveSpeedWPM = exercise.effectiveSpeedWPM
        let keyedWPM = Timing.speedWPM(unitSeconds: ditSeconds)
        let stretched = Timing(characterSpeedWPM: keyedWPM, effectiveSpeedWPM: exercise.effectiveSpeedWPM)
        if exercise.isFarnsworth, stretched.isFarnsworth {
            farnsworthCharacterGapDits = FistNumber.rounded(stretched.durationSeconds(of: .character) / ditSeconds, places: 1)
            farnsworthWordGapDits = FistNumber.rounded(stretched.durationSeconds(of: .word) / ditSeconds, places: 1)
        } else {
            farnsworthCharacterGapDits = nil
            farnsworthWordGapDits = nil
        }
    }

    /// The longest a gap between characters should be: the Farnsworth gap if any, else the standard one.
    public var longestCharacterGapDits: Double { farnsworthCharacterGapDits ?? characterGapDits }
    public var longestWordGapDits: Double { farnsworthWordGapDits ?? wordGapDits }
}
