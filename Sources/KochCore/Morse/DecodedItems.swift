/// One mark as decoded: which element, when, and how long.
public struct TimedElement: Sendable, Hashable, Codable {
    public let element: Element
    public let startSeconds: Double
    public let durationSeconds: Double

    public init(element: Element, startSeconds: Double, durationSeconds: Double) {
        self.element = element
        self.startSeconds = startSeconds
        self.durationSeconds = durationSeconds
    }
}

/// One space between marks as decoded.
public struct TimedGap: Sendable, Hashable, Codable {
    public let gap: Gap
    public let startSeconds: Double
    public let durationSeconds: Double

    public init(gap: Gap, startSeconds: Double, durationSeconds: Double) {
        self.gap = gap
        self.startSeconds = startSeconds
        self.durationSeconds = durationSeconds
    }
}

/// One character as decoded.
public struct DecodedCharacter: Sendable, Hashable, Codable {
    /// The character, a prosign such as `<AR>`, or `*` for a pattern that is no character.
    public let text: String
    public let elements: [Element]
    public let startSeconds: Double
    public let endSeconds: Double
    /// True for the first character of every word after the first.
    public let startsWord: Bool
    /// Some mark or gap in it lay near the boundary between two classes.
    public let isAmbiguous: Bool

    public init(text: String, elements: [Element], startSeconds: Double, endSeconds: Double, startsWord: Bool, isAmbiguous: Bool) {
        self.text = text
        self.elements = elements
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.startsWord = startsWord
        self.isAmbiguous = isAmbiguous
    }
}

/// A key held down far longer than any element.
public struct StuckKey: Sendable, Hashable, Codable {
    public let startSeconds: Double
    public let durationSeconds: Double
    /// The key was still down when the recording ended.
    public let lastsToEnd: Bool

    /// What to tell the user about it, naming the recording.
    public func warning(in path: String) -> String {
        let end = lastsToEnd ? " to the end of the recording" : ""
        return "\(path): the key stays down for \(Self.tenths(durationSeconds)) s from \(Self.tenths(startSeconds)) s\(end): "
            + "a stuck key, or a carrier."
    }

    private static func tenths(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    public init(startSeconds: Double, durationSeconds: Double, lastsToEnd: Bool) {
        self.startSeconds = startSeconds
        self.durationSeconds = durationSeconds
        self.lastsToEnd = lastsToEnd
    }
}

/// What the decoder produced from one block: new characters, the elements
/// and gaps they are made of, and any stuck key.
public struct DecoderOutput: Sendable, Hashable {
    public var characters: [DecodedCharacter] = []
    public var elements: [TimedElement] = []
    public var gaps: [TimedGap] = []
    public var stuckKeys: [StuckKey] = []
    /// Marks passed over because their pitch was off the tone's: talk or music through its filter.
    public var offPitchMarks = 0
    /// The marks (passed over or read) among which `offPitchMarks` were passed over, where they
    /// are not this output's own: a second reading of the recording from a clean tone carries
    /// the plain reading's (`DecodeSession.readAgain`), so that talk's doubt is judged as it was.
    public var marksJudgedForTalk: Int?
    /// The marks among which `offPitchMarks` were passed over: `marksJudgedForTalk`, or this
    /// output's own (those passed over and those read).
    public var marksJudged: Int { marksJudgedForTalk ?? offPitchMarks + elements.count }

    public init() {}

    public var isEmpty: Bool { characters.isEmpty && elements.isEmpty && gaps.isEmpty && stuckKeys.isEmpty }

    /// The characters as text, a space before each new word.
    public var text: String {
        characters.map { ($0.startsWord ? " " : "") + $0.text }.joined()
    }

    public mutating func append(_ other: DecoderOutput) {
        characters += other.characters
        elements += other.elements
        gaps += other.gaps
        stuckKeys += other.stuckKeys
        offPitchMarks += other.offPitchMarks
    }
}
