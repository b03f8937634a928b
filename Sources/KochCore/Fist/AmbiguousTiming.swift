/// A mark or space whose length lay between two of the learner's own
/// clusters, so that a listener (or the decoder) had to guess: a dah only
/// 1.9 dits long, a gap that could be inside a character or between two.
///
/// Each cluster's centre is the mean of the learner's marks or gaps of that
/// class; a length counts as ambiguous when, on a log scale, it lies in the
/// middle `FistReport.ambiguousBand` of the interval between two centres
/// (for centres at 1 and 3 dits: 1.39 to 2.16 dits).
public struct AmbiguousTiming: Sendable, Hashable, Encodable {
    /// Which two readings the length lay between.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A mark between a dit and a dah.
        case ditOrDah
        /// A gap between a gap inside a character and one between characters.
        case oneCharacterOrTwo
        /// A gap between a gap between characters and one between words.
        case sameWordOrNext
    }

    public let kind: Kind
    /// How the decoder read it: `dit`, `dah`, or the gap's class.
    public let readAs: String
    public let lengthDits: Double
    /// Where it starts in the recording.
    public let atSeconds: Double
    /// The character it belongs to (for a gap between characters, the one
    /// before it), as decoded, and what it was meant to be.
    public let decoded: String
    public let meant: MeantCharacter?

    public init(kind: Kind, readAs: String, lengthDits: Double, atSeconds: Double, decoded: String, meant: MeantCharacter?) {
        self.kind = kind
        self.readAs = readAs
        self.lengthDits = lengthDits
        self.atSeconds = atSeconds
        self.decoded = decoded
        self.meant = meant
    }

    /// Where, in words: `group 4, character 2 (M)`, with the decoded
    /// character when it differs from the one meant.
    public var place: String {
        guard let meant else { return "an extra \(decoded) at \(FistNumber.text(atSeconds)) s" }
        let reading = decoded == meant.text ? "" : ", keyed as \(decoded)"
        return "group \(meant.groupNumber), character \(meant.positionInGroup) (\(meant.text)\(reading))"
    }

    /// What was ambiguous, in words: `a dah only 1.9 dits long: dit or dah?`
    public var description: String {
        let length = FistNumber.text(lengthDits)
        switch kind {
        case .ditOrDah:
            return readAs == "dah" ? "a dah only \(length) dits long: dit or dah?" : "a dit \(length) dits long: dit or dah?"
        case .oneCharacterOrTwo:
            return readAs == Gap.intraCharacter.rawValue
                ? "a gap of \(length) dits inside it: one character or two?"
                : "a gap of \(length) dits after it: one character or two?"
        case .sameWordOrNext:
            return "a gap of \(length) dits after it: same word or the next?"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, readAs, lengthDits, atSeconds, decoded, meant, place, description
    }

    /// The stored figures, and the place and description in words.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(readAs, forKey: .readAs)
        try container.encode(lengthDits, forKey: .lengthDits)
        try container.encode(atSeconds, forKey: .atSeconds)
        try container.encode(decoded, forKey: .decoded)
        try container.encodeIfPresent(meant, forKey: .meant)
        try container.encode(place, forKey: .place)
        try container.encode(description, forKey: .description)
    }
}
