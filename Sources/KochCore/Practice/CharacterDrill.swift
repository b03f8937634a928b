/// The send drill of a character at a time, as the method's send training and tap trainer have it:
/// koch shows a character, drawn as a lesson's groups draw theirs (the newest character and the
/// weak ones more often), the learner keys it, and each attempt is judged the moment the character
/// ends.
///
/// The reader ends a character after two units of silence (`LiveCharacterReader`), but the next
/// character is shown only once this one is judged, so whatever is keyed before then is this
/// one's: its pieces (a character split by a gap of a few units) make one attempt, judged once
/// the key has rested `characterEndUnits`. Its reading (`reading`) is what the drill is graded on.
public struct CharacterDrill: Sendable {
    public let settings: LessonSettings
    public let characters: [Symbol]
    /// One unit at the drill's character speed: a dit is one, a dah three, the gap between them one.
    public let unitSeconds: Double
    private let picker: GroupGenerator
    private var random: SeededGenerator
    /// The characters shown, in order: the last is the one being keyed.
    public private(set) var shown: [Symbol] = []
    /// Each character keyed, judged against the one shown.
    public private(set) var attempts: [CharacterAttempt] = []
    /// The pieces read of the character being keyed, not yet judged: each its pattern and marks.
    public private(set) var pieces: [(pattern: String, marks: [KeyedElement])] = []
    /// The rest that ends a character in the drill: the gap that makes a word space.
    public static let characterEndUnits = 5.0

    public init(settings: LessonSettings) {
        self.settings = settings
        characters = settings.characters
        unitSeconds = Timing.unitSeconds(wpm: settings.characterSpeedWPM)
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

    /// Takes a piece of keying read (its pattern, `.-`, and its marks) as part of the character
    /// being keyed; a piece after a rest of `characterEndUnits` or more begins the next attempt,
    /// and the one before it is judged and returned.
    public mutating func add(pattern: String, marks: [KeyedElement]) -> CharacterAttempt? {
        var judged: CharacterAttempt?
        if let last = pieces.last?.marks.last, let first = marks.first, first.startSeconds - last.endSeconds >= endSeconds {
            judged = judgePieces()
        }
        pieces.append((pattern, marks))
        return judged
    }

    /// Judges the character being keyed once the key has rested `characterEndUnits` (`restingSinceSeconds`
    /// nil while it is keyed), or, `finishing`, at once; nil while there is nothing to judge yet.
    public mutating func judgeEnded(restingSinceSeconds: Double?, atSeconds seconds: Double, finishing: Bool = false) -> CharacterAttempt? {
        guard !pieces.isEmpty else { return nil }
        guard finishing || restingSinceSeconds.map({ seconds - $0 >= endSeconds }) == true else { return nil }
        return judgePieces()
    }

    private var endSeconds: Double { Self.characterEndUnits * unitSeconds }

    private mutating func judgePieces() -> CharacterAttempt? {
        let pattern = pieces.map(\.pattern).joined()
        let marks = pieces.flatMap(\.marks)
        pieces = []
        return judge(text: MorseAlphabet.text(for: pattern.compactMap(Element.init(rawValue:))), pattern: pattern, marks: marks)
    }

    /// Judges a character keyed (its reading and its marks) against the one shown.
    @discardableResult
    public mutating func judge(text: String?, pattern: String, marks: [KeyedElement]) -> CharacterAttempt? {
        guard let target = current else { return nil }
        let attempt = CharacterAttempt(target: target, text: text, pattern: pattern, marks: marks, unitSeconds: unitSeconds)
        attempts.append(attempt)
        return attempt
    }

    /// The drill as a send exercise of its own, to grade what was keyed against: each character
    /// shown and keyed a group of one, a drill of the level's characters (which counts for the
    /// character statistics and the streak, not the level). Nil before anything was keyed.
    public func lesson() throws(ContentError) -> Lesson? {
        guard !attempts.isEmpty else { return nil }
        var drill = settings
        drill.direction = .send
        drill.customCharacters = settings.characters.map(\.text).joined()
        drill.introduction = false
        return try Lesson(settings: drill, content: .fixed(attempts.map { [$0.target] }))
    }

    /// How many attempts were right.
    public var rightCount: Int { attempts.filter(\.isRight).count }
}
