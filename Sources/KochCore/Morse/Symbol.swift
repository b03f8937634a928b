/// Something that can be sent as one Morse pattern: a letter, digit,
/// punctuation mark, or a prosign (letters run together with no gap).
public struct Symbol: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How the symbol is written: `K`, `5`, `?`, or `<AR>` for a prosign.
    public let text: String
    /// The elements that make up its sound.
    public let elements: [Element]

    public init(text: String, elements: [Element]) {
        self.text = text
        self.elements = elements
    }

    public var isProsign: Bool { text.hasPrefix("<") }

    /// The pattern as dots and dashes, e.g. `-.-` for K.
    public var pattern: String { String(elements.map(\.rawValue)) }

    public var description: String { text }
}
