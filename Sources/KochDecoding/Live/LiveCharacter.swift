import KochCore

/// One character as a live reading shows it, the moment the space after it is long enough
/// to end it.
public struct LiveCharacter: Sendable, Hashable {
    /// The character, or a prosign such as `<AR>`; nil for a pattern that is no character.
    public let text: String?
    /// Its pattern as keyed, in dots and dashes (".-.").
    public let pattern: String
    /// Its marks, timed from the stream's start: for a send drill's timing of each element.
    public let elements: [TimedElement]
    /// When its first mark began and its last ended, from the stream's start.
    public let startSeconds: Double
    public let endSeconds: Double
    /// The stream's time when it was shown: the samples heard when `LiveDecoder.process`
    /// returned it, in seconds.
    public let shownAtSeconds: Double
    /// Whether a gap between words came before it (false for the first character).
    public let wordSpaceBefore: Bool

    public init(
        text: String?, pattern: String, elements: [TimedElement], startSeconds: Double, endSeconds: Double,
        shownAtSeconds: Double, wordSpaceBefore: Bool
    ) {
        self.text = text
        self.pattern = pattern
        self.elements = elements
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.shownAtSeconds = shownAtSeconds
        self.wordSpaceBefore = wordSpaceBefore
    }

    /// How long after its last mark ended it was shown, in seconds.
    public var displayDelaySeconds: Double { shownAtSeconds - endSeconds }
}
