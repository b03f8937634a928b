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
    /// and callsigns, or when `spelling` is given; otherwise a word of
    /// letters only is said as a word, and anything else spelled.
    public static func phrase(for word: [Symbol], kind: LessonKind, spelling: SpeechSettings.Spelling?) -> String {
        let spellsAlways = kind == .groups || kind == .callsigns
        let lettersOnly = word.allSatisfy { $0.text.count == 1 && $0.text.first?.isLetter == true }
        if spelling == nil, !spellsAlways, lettersOnly, word.count > 1 {
            return word.map(\.text).joined().lowercased()
        }
        let chosen = spelling ?? .letters
        let names = word.map { name(of: $0, spelling: chosen) }
        // Spelling-alphabet words are words already: spaces keep them brisk.
        return names.joined(separator: chosen == .phonetic ? " " : ", ")
    }

    /// The spoken opening of a lesson of a level: "Koch lesson, level 5. New character: R."
    public static func opening(level: Int, newest: Symbol, spelling: SpeechSettings.Spelling?) -> String {
        "Koch lesson, level \(level). New character: \(name(of: newest, spelling: spelling ?? .letters))."
    }

    /// About how long a phrase takes to say at `rateWPM`, when it has not been spoken.
    public static func estimatedSeconds(of phrase: String, rateWPM: Int) -> Double {
        let words = phrase.split { $0 == " " || $0 == "," }.count
        return Double(max(1, words)) * 60 / Double(max(1, rateWPM)) + 0.2
    }
}
