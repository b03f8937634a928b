/// The International Morse code (ITU-R M.1677-1): letters, digits, the
/// common punctuation and the prosigns learners meet on the air.
public enum MorseAlphabet {
    /// Every character that can be sent, by its written form.
    public static let patterns: [Character: String] = [
        "A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "F": "..-.",
        "G": "--.", "H": "....", "I": "..", "J": ".---", "K": "-.-", "L": ".-..",
        "M": "--", "N": "-.", "O": "---", "P": ".--.", "Q": "--.-", "R": ".-.",
        "S": "...", "T": "-", "U": "..-", "V": "...-", "W": ".--", "X": "-..-",
        "Y": "-.--", "Z": "--..",
        "0": "-----", "1": ".----", "2": "..---", "3": "...--", "4": "....-",
        "5": ".....", "6": "-....", "7": "--...", "8": "---..", "9": "----.",
        ".": ".-.-.-", ",": "--..--", "?": "..--..", "/": "-..-.", "=": "-...-",
        "+": ".-.-.", "-": "-....-", "'": ".----.", "(": "-.--.", ")": "-.--.-",
        ":": "---...", "\"": ".-..-.", "@": ".--.-.", ";": "-.-.-.", "!": "-.-.--",
    ]

    /// Prosigns, written in angle brackets and sent as one pattern.
    public static let prosigns: [String: String] = [
        "<AR>": ".-.-.", "<SK>": "...-.-", "<BT>": "-...-", "<KN>": "-.--.",
        "<AS>": ".-...", "<BK>": "-...-.-", "<CT>": "-.-.-", "<SN>": "...-.",
        "<HH>": "........", "<SOS>": "...---...",
    ]

    /// The symbol for a single character, upper-cased; nil if it has no Morse code.
    public static func symbol(for character: Character) -> Symbol? {
        let upper = Character(character.uppercased())
        guard let pattern = patterns[upper] else { return nil }
        return Symbol(text: String(upper), elements: pattern.compactMap(Element.init(rawValue:)))
    }

    /// The symbol for a prosign written with its angle brackets, e.g. `<AR>`.
    public static func prosign(_ text: String) -> Symbol? {
        let upper = text.uppercased()
        guard let pattern = prosigns[upper] else { return nil }
        return Symbol(text: upper, elements: pattern.compactMap(Element.init(rawValue:)))
    }

    /// A pattern that reads as something, and what it reads as.
    public struct PatternReading: Sendable {
        public let elements: [Element]
        /// A character rather than a prosign of the same code (`=` for `<BT>`, `+` for `<AR>`).
        public let text: String
        public let isLetter: Bool
    }

    /// Every pattern of the table once, with what it reads as: shortest first,
    /// then dits before dahs. The one index the decoder's readers build from.
    public static let readings: [PatternReading] =
        decodingTable
        .map { pattern, text in
            PatternReading(
                elements: pattern.compactMap(Element.init(rawValue:)), text: text,
                isLetter: text.count == 1 && text.first?.isLetter == true)
        }
        .sorted { ($0.elements.count, order($0.elements)) < ($1.elements.count, order($1.elements)) }

    /// A pattern as a string that sorts dits before dahs.
    private static func order(_ elements: [Element]) -> String { String(elements.map { $0 == .dit ? "0" : "1" }) }

    /// The written form of a pattern of elements, preferring a character to a prosign.
    public static func text(for elements: [Element]) -> String? {
        decodingTable[String(elements.map(\.rawValue))]
    }

    private static let decodingTable: [String: String] = {
        var table: [String: String] = [:]
        for (text, pattern) in prosigns { table[pattern] = text }
        for (character, pattern) in patterns { table[pattern] = String(character) }
        return table
    }()
}
