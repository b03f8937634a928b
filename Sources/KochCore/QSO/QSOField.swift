/// A value of the contact inside one over of the script: the other
/// station's call or name, the learner's own call, the report the learner
/// gives. The learner fills in the heard ones from what the other station
/// sent; the others are shown on the learner's script.
public struct QSOField: Sendable, Hashable, Codable {
    /// The template key, `caller.call`, `answerer.rst`.
    public var key: String
    /// The over's words it takes, from 0 (a value such as `MINUS 4C` is two).
    public var firstWord: Int
    public var wordCount: Int
    /// The value as the script has it.
    public var value: String

    public init(key: String, firstWord: Int, wordCount: Int, value: String) {
        self.key = key
        self.firstWord = firstWord
        self.wordCount = wordCount
        self.value = value
    }

    /// The learner plays the answering station: what the calling station
    /// (the other one) says about itself can only be known by ear.
    public var isHeard: Bool { key.hasPrefix("caller.") }

    /// The words of the over it takes.
    public var words: Range<Int> { firstWord..<(firstWord + wordCount) }

    /// What a learner's script shows in its place before it is filled in:
    /// `[THEIR CALL]`, `[THEIR NAME]`.
    public var blank: String {
        let name = key.split(separator: ".").last.map(String.init) ?? key
        return "[THEIR " + (Self.spokenNames[name] ?? name.uppercased()) + "]"
    }

    private static let spokenNames = ["rst": "RST", "qth": "QTH", "serial": "NR", "years": "YEARS LICENSED"]
}
