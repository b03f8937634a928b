/// A plain text (a book, an article) cut into lessons of a given keyed
/// length, on word boundaries, as ebook2cw cuts a book into chapters of
/// audio.
///
/// Letters of either case, digits, the punctuation Morse code has and
/// prosigns in angle brackets (`<AR>`) are sent. Typographic quotes,
/// apostrophes and dashes become their plain forms first (’ → ', “ ” → ",
/// – — → -). Any other character is either reported, with its line and
/// column, or dropped, as the caller chooses. A `characters` set (a course
/// or `--chars`) narrows what counts as sendable.
public enum TextLessons {
    /// What to do with a character that cannot be sent.
    public enum UnsendablePolicy: String, Sendable, Codable, CaseIterable {
        /// Fail with `ContentError.unsendable`, listing where each one is.
        case report
        /// Leave it out; a word left empty disappears.
        case drop
    }

    /// Cuts `text` into lessons whose words, with their word gaps, last at
    /// most `keyedSecondsPerLesson` at `timing` (a lesson of five minutes
    /// with half a second of silence at each end has 299 keyed seconds). A
    /// lesson ends before the word that would overrun it; a single word
    /// longer than a lesson is a lesson of its own.
    /// `itemSeconds`, when given, is what a word takes in the lesson, the gap before it
    /// included (a spoken lesson's word, its answer spoken); else its Morse and a word gap.
    public static func split(
        _ text: String, keyedSecondsPerLesson: Double, timing: Timing,
        characters: [Symbol]? = nil, unsendable policy: UnsendablePolicy = .report, itemSeconds: (([Symbol]) -> Double)? = nil
    ) throws(ContentError) -> [MorseText] {
        let words = try words(of: text, characters: characters, unsendable: policy)
        guard !words.isEmpty else { throw .emptyText }
        let wordGap = itemSeconds == nil ? timing.durationSeconds(of: .word) : 0
        var lessons: [MorseText] = []
        var current: [[Symbol]] = []
        var seconds = 0.0
        for word in words {
            let length = itemSeconds?(word) ?? KeyedDuration.seconds(of: word, timing: timing)
            if !current.isEmpty, seconds + wordGap + length > keyedSecondsPerLesson {
                lessons.append(MorseText(words: current))
                current = []
                seconds = 0
            }
            seconds += (current.isEmpty ? 0 : wordGap) + length
            current.append(word)
        }
        if !current.isEmpty { lessons.append(MorseText(words: current)) }
        return lessons
    }

    /// The words of a text as symbols, with unsendable characters reported or dropped.
    public static func words(
        of text: String, characters: [Symbol]? = nil, unsendable policy: UnsendablePolicy = .report
    ) throws(ContentError) -> [[Symbol]] {
        let allowed = characters.map { Set($0.map(\.text)) }
        func sendable(_ symbol: Symbol) -> Symbol? {
            guard let allowed else { return symbol }
            return allowed.contains(symbol.text) ? symbol : nil
        }
        var words: [[Symbol]] = []
        var word: [Symbol] = []
        var problems: [UnsendableCharacter] = []
        var position = 0
        var line = 1
        var column = 0
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = plainForm(of: characters[index])
            position += 1
            column += 1
            defer { index += 1 }
            if character.isWhitespace {
                if !word.isEmpty {
                    words.append(word)
                    word = []
                }
                if character.isNewline {
                    line += 1
                    column = 0
                }
                continue
            }
            if character == "<", let close = characters[index...].prefix(6).firstIndex(of: ">"),
                let prosign = MorseAlphabet.prosign(String(characters[index...close]))
            {
                if let symbol = sendable(prosign) {
                    word.append(symbol)
                } else {
                    problems.append(UnsendableCharacter(character: character, position: position, line: line, column: column))
                }
                let skipped = close - index
                position += skipped
                column += skipped
                index = close
                continue
            }
            if let symbol = MorseAlphabet.symbol(for: character).flatMap(sendable) {
                word.append(symbol)
            } else {
                problems.append(UnsendableCharacter(character: character, position: position, line: line, column: column))
            }
        }
        if !word.isEmpty { words.append(word) }
        if policy == .report, !problems.isEmpty { throw .unsendable(problems) }
        return words
    }

    private static func plainForm(of character: Character) -> Character {
        switch character {
        case "\u{2018}", "\u{2019}", "\u{201B}", "\u{2032}": "'"
        case "\u{201C}", "\u{201D}", "\u{201E}", "\u{2033}": "\""
        case "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}": "-"
        case "\u{00A0}": " "
        default: character
        }
    }
}
