/// A character keyed live, read as soon as the gap after it has lasted long enough.
public struct LiveKeyedCharacter: Sendable, Hashable {
    /// What the pattern reads as (`MorseAlphabet`); nil for a pattern that is no character.
    public let text: String?
    /// Dits and dahs, as `.-.`.
    public let pattern: String
    /// Its elements: the keyer's, or a straight key's marks.
    public let elements: [KeyedElement]
    /// A gap of five units or more came before it: a word space.
    public let wordSpaceBefore: Bool
    /// The unit it was read at: the keyer's, or the one judged from a straight key's marks.
    public let unitSeconds: Double

    public init(text: String?, pattern: String, elements: [KeyedElement], wordSpaceBefore: Bool, unitSeconds: Double) {
        self.text = text
        self.pattern = pattern
        self.elements = elements
        self.wordSpaceBefore = wordSpaceBefore
        self.unitSeconds = unitSeconds
    }

    /// When its last element ends.
    public var endSeconds: Double { elements.last?.endSeconds ?? 0 }

    /// Each element and each gap inside the character, in order, measured in units of `wpm`
    /// (the speed the learner aims at) against its standard length.
    public func timings(atWPM wpm: Double) -> [ElementTiming] {
        ElementTiming.of(elements, pattern: pattern, unitSeconds: Timing.unitSeconds(wpm: wpm))
    }
}
