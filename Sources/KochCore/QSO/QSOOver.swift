/// One transmission of a simulated contact, by one station, ended by the
/// station handing over (`K`, `<KN>`, `<AR>`, `<SK>`, or a pause).
public struct QSOOver: Sendable, Hashable, Codable {
    /// Who sends it: the other station (the calling one, played to the
    /// learner) or the learner (the answering one).
    public enum Station: String, Sendable, Hashable, Codable {
        case other
        case learner
    }

    public var station: Station
    /// The words as the script has them, single spaces between them.
    public var text: String
    /// The contact's values inside it.
    public var fields: [QSOField]

    public init(station: Station, text: String, fields: [QSOField]) {
        self.station = station
        self.text = text
        self.fields = fields
    }

    /// The words, as sent.
    public var words: [String] { text.split(separator: " ").map(String.init) }

    /// The fields the learner fills in from what the other station sent.
    public var heardFields: [QSOField] { fields.filter(\.isHeard) }

    /// The over as the learner's script shows it: each heard value a blank.
    public var script: String {
        var words = self.words
        for field in heardFields.sorted(by: { $0.firstWord > $1.firstWord }) {
            words.replaceSubrange(field.words, with: [field.blank])
        }
        return words.joined(separator: " ")
    }

    /// The over with its heard blanks filled in as `values` says (by key),
    /// the rest as the script has it.
    public func filled(_ values: [String: String]) -> String {
        var words = self.words
        for field in heardFields.sorted(by: { $0.firstWord > $1.firstWord }) {
            if let value = values[field.key] {
                words.replaceSubrange(field.words, with: value.split(separator: " ").map(String.init))
            }
        }
        return words.joined(separator: " ")
    }

    /// The words that hand the over to the other station when they end it.
    public static let handOverWords: Set<String> = ["K", "<KN>", "<AR>", "<SK>"]
}
