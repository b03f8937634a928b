import Foundation

/// How long an element or a gap inside a character lasted, in units of the speed aimed at,
/// against the standard (PARIS): a dit 1, a dah 3, the gap between elements 1.
public struct ElementTiming: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        case dit
        case dah
        case gap
    }

    public let kind: Kind
    public let lengthUnits: Double

    public init(kind: Kind, lengthUnits: Double) {
        self.kind = kind
        self.lengthUnits = lengthUnits
    }

    /// The standard length in units.
    public var standardUnits: Int { kind == .dah ? 3 : 1 }

    /// As a send drill shows it: "dah 3.4 units (3)".
    public var description: String {
        "\(kind.rawValue) \(String(format: "%.1f", lengthUnits)) units (\(standardUnits))"
    }
}
