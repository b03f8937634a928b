/// The send drill of a character at a time (seed 000 §3, seed 004's tap trainer): koch shows a
/// character, drawn as a lesson's groups draw theirs (the newest character and the weak ones more
/// often), the learner keys it, and each attempt is judged the moment the character ends.
public struct CharacterDrill: Sendable {
    public let characters: [Symbol]
    /// One unit at the drill's character speed: a dit is one, a dah three, the gap between them one.
    public let unitSeconds: Double
    private let picker: GroupGenerator
    private var random: SeededGenerator
    /// The characters shown, in order: the last is the one being keyed.
    public private(set) var shown: [Symbol] = []
    /// Each character keyed, judged against the one shown.
    public private(set) var attempts: [CharacterAttempt] = []

    public init(settings: LessonSettings) {
        characters = settings.characters
        unitSeconds = 1.2 / settings.characterSpeedWPM
        let weighted = GroupGenerator(characters: settings.characters, newest: settings.newestCharacter, extraWeight: settings.extraWeight)
        picker = GroupGenerator(characters: weighted.characters, weights: weighted.weights, groupLengths: 1...1)
        random = SeededGenerator(seed: settings.seed)
    }

    /// The character being keyed now.
    public var current: Symbol? { shown.last }

    /// Shows the next character: never the one just shown, where there is another to show.
    public mutating func next() -> Symbol {
        var symbol = picker.group(using: &random)[0]
        for _ in 0..<8 where symbol == shown.last && characters.count > 1 {
            symbol = picker.group(using: &random)[0]
        }
        shown.append(symbol)
        return symbol
    }

    /// Judges a character keyed (its reading and its marks) against the one shown.
    @discardableResult
    public mutating func judge(text: String?, pattern: String, marks: [KeyedElement]) -> CharacterAttempt? {
        guard let target = current else { return nil }
        let attempt = CharacterAttempt(target: target, text: text, pattern: pattern, marks: marks, unitSeconds: unitSeconds)
        attempts.append(attempt)
        return attempt
    }

    /// How many attempts were right.
    public var rightCount: Int { attempts.filter(\.isRight).count }
}
