/// Why lesson content cannot be made from what was given. Each case's
/// description is a sentence the command can show as it is.
public enum ContentError: Error, Equatable, CustomStringConvertible {
    /// No word of the list is made only of these characters.
    case noUsableWords(characters: String)
    /// Callsigns need at least one digit, and these characters have none.
    case callsignsNeedDigits(characters: String)
    /// No prefix of the callsign table can be written with these characters.
    case noCallsignPrefix(characters: String)
    /// The text has characters that cannot be sent (the first ones, with where they are).
    case unsendable([UnsendableCharacter])
    /// The text has nothing to send.
    case emptyText

    public var description: String {
        switch self {
        case let .noUsableWords(characters):
            return "The word lists have fewer than \(WordSelector.minimumWordCount) words made only of \(characters): "
                + "practise groups until more characters are unlocked (words work from level 7 of the letters course), or give more characters with --chars."
        case let .callsignsNeedDigits(characters):
            return "Callsigns need digits, and the characters \(characters) have none: "
                + "use --course full at a level with digits, or add digits with --chars."
        case let .noCallsignPrefix(characters):
            return "No callsign prefix can be written with \(characters): "
                + "add letters of common prefixes (K W N G F I D L) with --chars."
        case let .unsendable(characters):
            let shown = characters.prefix(5).map(\.description).joined(separator: "; ")
            let more = characters.count > 5 ? " (and \(characters.count - 5) more)" : ""
            return "The text has characters that cannot be sent: \(shown)\(more). "
                + "Remove them, or let koch drop them."
        case .emptyText:
            return "The text is empty: there is nothing to send."
        }
    }
}

/// A character of a text that cannot be sent, and where it is (from 1).
public struct UnsendableCharacter: Sendable, Hashable, CustomStringConvertible {
    public let character: Character
    public let position: Int
    public let line: Int
    public let column: Int

    public init(character: Character, position: Int, line: Int, column: Int) {
        self.character = character
        self.position = position
        self.line = line
        self.column = column
    }

    public var description: String {
        let isPrintable =
            character.unicodeScalars.allSatisfy { $0.properties.isGraphemeBase || $0.isASCII }
            && !character.isWhitespace
        let shown =
            isPrintable
            ? "'\(character)'"
            : "U+" + character.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "+")
        return "\(shown) at line \(line), column \(column)"
    }
}
