/// How the learner keyed one send session, kept in its record so that the fist and the time each
/// character takes can be followed over weeks: the fist report's figures (`FistReport`), and for
/// each character keyed right, how long it took from its first key-down to its last key-up
/// against its length at the exercise's character speed (the seed's "average input time").
///
/// Recorded for a keying read from a recording, a log of key events or a live session; nil for a
/// typed copy, which says nothing about a fist.
public struct SessionKeying: Sendable, Hashable, Codable {
    /// Character speed from the mean dit, and the overall pace with the gaps (WPM).
    public var speedWPM: Double
    public var effectiveSpeedWPM: Double
    public var dahToDitRatio: Double?
    /// Lengths in dits of the learner's own speed, with their variation.
    public var dits: TimingSpread
    public var dahs: TimingSpread?
    public var intraCharacterGaps: TimingSpread?
    public var characterGaps: TimingSpread?
    public var wordGaps: TimingSpread?
    /// Marks and gaps that lay between two clusters.
    public var ambiguous: Int
    /// What the figures should have been for the exercise.
    public var targets: FistTargets
    /// Per character keyed right: how long it took to key.
    public var characters: [String: CharacterKeyingTime]

    public init(
        speedWPM: Double, effectiveSpeedWPM: Double, dahToDitRatio: Double?, dits: TimingSpread, dahs: TimingSpread?,
        intraCharacterGaps: TimingSpread?, characterGaps: TimingSpread?, wordGaps: TimingSpread?, ambiguous: Int,
        targets: FistTargets, characters: [String: CharacterKeyingTime]
    ) {
        self.speedWPM = speedWPM
        self.effectiveSpeedWPM = effectiveSpeedWPM
        self.dahToDitRatio = dahToDitRatio
        self.dits = dits
        self.dahs = dahs
        self.intraCharacterGaps = intraCharacterGaps
        self.characterGaps = characterGaps
        self.wordGaps = wordGaps
        self.ambiguous = ambiguous
        self.targets = targets
        self.characters = characters
    }

    /// The figures of `fist`, with the time taken by each decoded character that was keyed as
    /// meant (`meant[i]` is what `characters[i]` stood for), against its length at `exercise`'s
    /// character speed.
    public init(fist: FistReport, characters: [DecodedCharacter], meant: [MeantCharacter?], exercise: Timing) {
        var times: [String: [Double]] = [:]
        for (index, character) in characters.enumerated() {
            guard meant.indices.contains(index), let intended = meant[index], intended.text == character.text,
                character.endSeconds > character.startSeconds
            else { continue }
            times[character.text, default: []].append(character.endSeconds - character.startSeconds)
        }
        var timed: [String: CharacterKeyingTime] = [:]
        for (text, durations) in times {
            guard let standard = CharacterKeyingTime.standardSeconds(of: text, timing: exercise) else { continue }
            timed[text] = CharacterKeyingTime(
                count: durations.count, meanSeconds: FistNumber.rounded(durations.reduce(0, +) / Double(durations.count), places: 3),
                standardSeconds: FistNumber.rounded(standard, places: 3))
        }
        self.init(
            speedWPM: fist.speedWPM, effectiveSpeedWPM: fist.effectiveSpeedWPM, dahToDitRatio: fist.dahToDitRatio, dits: fist.dits,
            dahs: fist.dahs, intraCharacterGaps: fist.intraCharacterGaps, characterGaps: fist.characterGaps, wordGaps: fist.wordGaps,
            ambiguous: fist.ambiguous.count, targets: fist.targets, characters: timed)
    }
}

/// How long a character took to key, on average, against its standard length.
public struct CharacterKeyingTime: Sendable, Hashable, Codable {
    /// Times it was keyed right and timed.
    public var count: Int
    /// From its first key-down to its last key-up.
    public var meanSeconds: Double
    /// Its marks and the gaps inside it at the exercise's character speed.
    public var standardSeconds: Double

    public init(count: Int, meanSeconds: Double, standardSeconds: Double) {
        self.count = count
        self.meanSeconds = meanSeconds
        self.standardSeconds = standardSeconds
    }

    /// A character's marks and the gaps between them at `timing`'s character speed; nil for one
    /// with no code.
    public static func standardSeconds(of text: String, timing: Timing) -> Double? {
        let symbol = text.hasPrefix("<") ? MorseAlphabet.prosign(text) : (text.count == 1 ? text.first.flatMap(MorseAlphabet.symbol(for:)) : nil)
        guard let elements = symbol?.elements, !elements.isEmpty else { return nil }
        let marks = elements.reduce(0.0) { $0 + timing.durationSeconds(of: $1) }
        return marks + Double(elements.count - 1) * timing.durationSeconds(of: .intraCharacter)
    }
}
