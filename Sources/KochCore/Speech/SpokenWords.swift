/// What a spoken lesson says for what it sends: characters by name (or by
/// the ICAO/NATO spelling alphabet), digits, punctuation and prosigns by
/// name, and words as words unless they are to be spelled.
///
/// Characters spelled by name are joined with commas, which make the speech
/// synthesizer say each letter by its name (a lone "A" between letters
/// would otherwise be read as the article).
public enum SpokenWords {
    /// The ICAO/NATO spelling alphabet, written as it is pronounced (Alpha, Juliet).
    public static let phonetic: [String: String] = [
        "A": "Alpha", "B": "Bravo", "C": "Charlie", "D": "Delta", "E": "Echo", "F": "Foxtrot", "G": "Golf",
        "H": "Hotel", "I": "India", "J": "Juliet", "K": "Kilo", "L": "Lima", "M": "Mike", "N": "November",
        "O": "Oscar", "P": "Papa", "Q": "Quebec", "R": "Romeo", "S": "Sierra", "T": "Tango", "U": "Uniform",
        "V": "Victor", "W": "Whiskey", "X": "X-ray", "Y": "Yankee", "Z": "Zulu",
    ]

    public static let digits: [String: String] = [
        "0": "zero", "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
        "8": "eight", "9": "nine",
    ]

    /// Punctuation and prosigns by name; a prosign by what it means on the air.
    public static let names: [String: String] = [
        ".": "period", ",": "comma", "?": "question mark", "/": "slash", "=": "equals", "+": "plus", "-": "hyphen",
        "'": "apostrophe", "(": "open bracket", ")": "close bracket", ":": "colon", "\"": "quote", "@": "at sign",
        ";": "semicolon", "!": "exclamation mark",
        "<AR>": "end of message", "<SK>": "end of contact", "<BT>": "break", "<KN>": "over, to you only",
        "<AS>": "wait", "<BK>": "break in", "<CT>": "start of message", "<SN>": "understood", "<HH>": "error",
        "<SOS>": "S O S",
    ]

    /// How one character is said.
    public static func name(of symbol: Symbol, spelling: SpeechSettings.Spelling) -> String {
        if let named = digits[symbol.text] ?? names[symbol.text] { return named }
        if spelling == .phonetic, let word = phonetic[symbol.text] { return word }
        return symbol.text
    }

    /// What is said for a word sent in a lesson of `kind`: spelled for groups
    /// and callsigns, or when `spelling` is given; otherwise a word of two
    /// letters or more (an apostrophe inside it allowed) is said as a word,
    /// the punctuation before and after it by name ("said, comma"), and
    /// anything else spelled.
    public static func phrase(for word: [Symbol], kind: LessonKind, spelling: SpeechSettings.Spelling?) -> String {
        let spellsAlways = kind == .groups || kind == .callsigns
        func isLetter(_ symbol: Symbol) -> Bool { symbol.text.count == 1 && symbol.text.first?.isLetter == true }
        func isPunctuation(_ symbol: Symbol) -> Bool { !symbol.text.contains { $0.isLetter || $0.isNumber } }
        if spelling == nil, !spellsAlways, let first = word.firstIndex(where: isLetter), let last = word.lastIndex(where: isLetter),
            last > first, word[first...last].allSatisfy({ isLetter($0) || $0.text == "'" }),
            word[..<first].allSatisfy(isPunctuation), word[(last + 1)...].allSatisfy(isPunctuation)
        {
            let said = word[first...last].map(\.text).joined().lowercased()
            return (word[..<first].map { name(of: $0, spelling: .letters) } + [said] + word[(last + 1)...].map { name(of: $0, spelling: .letters) })
                .joined(separator: ", ")
        }
        let chosen = spelling ?? .letters
        let names = word.map { name(of: $0, spelling: chosen) }
        // Spelling-alphabet words are words already: spaces keep them brisk.
        return names.joined(separator: chosen == .phonetic ? " " : ", ")
    }

    /// What is said for an item of several words (a QSO's line): each word's phrase, a comma between.
    public static func phrase(for words: [[Symbol]], kind: LessonKind, spelling: SpeechSettings.Spelling?) -> String {
        words.map { phrase(for: $0, kind: kind, spelling: spelling) }.joined(separator: ", ")
    }

    /// The spoken opening of a lesson of a level: "Koch lesson, level 5. New character: R.", and at
    /// the first level "Koch lesson, level 2. New characters: K and M."
    public static func opening(level: Int, introduced: [Symbol], spelling: SpeechSettings.Spelling?) -> String {
        let names = introduced.map { name(of: $0, spelling: spelling ?? .letters) }
        let listed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
        return "Koch lesson, level \(level). New character\(names.count > 1 ? "s" : ""): \(listed)."
    }

    /// About how long a phrase takes to say at `rateWPM`, when it has not been spoken.
    public static func estimatedSeconds(of phrase: String, rateWPM: Int) -> Double {
        let words = phrase.split { $0 == " " || $0 == "," }.count
        return Double(max(1, words)) * 60 / Double(max(1, rateWPM)) + 0.2
    }
}
