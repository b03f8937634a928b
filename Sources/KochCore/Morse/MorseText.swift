/// Text ready to be sent: words of symbols. Parsing checks that every
/// character can be sent and reports the first one that cannot.
public struct MorseText: Sendable, Hashable {
    /// The words in order; each is a non-empty list of symbols.
    public let words: [[Symbol]]

    public init(words: [[Symbol]]) {
        self.words = words.filter { !$0.isEmpty }
    }

    /// The text as it is written back: words joined by single spaces.
    public var normalized: String {
        words.map { $0.map(\.text).joined() }.joined(separator: " ")
    }

    /// Parses free text: letters in either case, digits, the common
    /// punctuation, and prosigns in angle brackets (`<AR>`). Any run of
    /// whitespace is one word gap.
    public init(parsing text: String) throws(MorseTextError) {
        var words: [[Symbol]] = []
        var word: [Symbol] = []
        var index = text.startIndex
        var position = 1
        var line = 1
        var column = 1
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                if !word.isEmpty {
                    words.append(word)
                    word = []
                }
                if character.isNewline {
                    line += 1
                    column = 0
                }
            } else if character == "<" {
                guard let close = text[index...].firstIndex(of: ">") else {
                    throw .unclosedProsign(position: position, line: line, column: column)
                }
                let written = String(text[index...close])
                guard let prosign = MorseAlphabet.prosign(written) else {
                    throw .unknownProsign(written, position: position, line: line, column: column)
                }
                word.append(prosign)
                let length = text.distance(from: index, to: close)
                position += length
                column += length
                index = close
            } else if let symbol = MorseAlphabet.symbol(for: character) {
                word.append(symbol)
            } else {
                throw .unsendable(character: character, position: position, line: line, column: column)
            }
            index = text.index(after: index)
            position += 1
            column += 1
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { throw .empty }
        self.words = words
    }
}

/// Why a text cannot be sent.
public enum MorseTextError: Error, Equatable, CustomStringConvertible {
    case empty
    case unsendable(character: Character, position: Int, line: Int, column: Int)
    case unknownProsign(String, position: Int, line: Int, column: Int)
    case unclosedProsign(position: Int, line: Int, column: Int)

    public var description: String {
        switch self {
        case .empty:
            return "The text is empty: there is nothing to send."
        case let .unsendable(character, position, line, column):
            let shown =
                character.unicodeScalars.allSatisfy { $0.properties.isGraphemeBase || $0.isASCII }
                ? "'\(character)'" : "U+" + character.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "+")
            return "Cannot send \(shown) at position \(position) (line \(line), column \(column)): "
                + "Morse code has letters, digits, . , ? / = + - ' ( ) : \" @ ; ! and prosigns such as <AR> <SK> <BT> <KN>."
        case let .unknownProsign(written, position, line, column):
            return "\(written) at position \(position) (line \(line), column \(column)) is no prosign koch knows: "
                + "it sends " + MorseAlphabet.prosigns.keys.sorted().joined(separator: " ") + "."
        case let .unclosedProsign(position, line, column):
            return "The '<' at position \(position) (line \(line), column \(column)) opens a prosign that is never closed: write it as <AR>."
        }
    }
}
