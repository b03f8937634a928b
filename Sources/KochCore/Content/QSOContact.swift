/// The values a QSO template is filled with: the station calling CQ, the
/// station answering, and what they share (the band).
///
/// Templates name them as `{{caller.call}}`, `{{answerer.name}}`,
/// `{{qso.band}}`; `context` is the dictionary a Mustache renderer takes.
public struct QSOContact: Sendable, Hashable, Codable {
    public var caller: QSOStation
    public var answerer: QSOStation
    /// The band, e.g. `40M`.
    public var band: String

    /// `caller`, `answerer` and `qso`, each a dictionary of its keys.
    public var context: [String: [String: String]] {
        ["caller": caller.context, "answerer": answerer.context, "qso": ["band": band]]
    }

    /// Every key a template can use, written as in a template (`caller.call`).
    public static var keys: [String] {
        ["caller", "answerer"].flatMap { side in QSOStation.keys.map { side + "." + $0 } } + ["qso.band"]
    }
}
