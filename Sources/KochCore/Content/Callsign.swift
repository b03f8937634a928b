/// An amateur callsign as it is sent, with the country it belongs to.
public struct Callsign: Sendable, Hashable, CustomStringConvertible {
    /// The call as sent, e.g. `DL1ABC`, `K1ABC/P`, `DL/K1ABC`.
    public let text: String
    /// The country of the home call (for `DL/K1ABC`, the USA).
    public let home: CallsignEntity

    public init(text: String, home: CallsignEntity) {
        self.text = text
        self.home = home
    }

    public var description: String { text }
}
