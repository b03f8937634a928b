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

    /// Each element of a character and each gap inside it, in order, in units of `unitSeconds`
    /// (the speed aimed at); `pattern` says which marks are dahs.
    public static func of(_ elements: [KeyedElement], pattern: String, unitSeconds: Double) -> [ElementTiming] {
        var timings: [ElementTiming] = []
        for (index, element) in elements.enumerated() {
            if index > 0 {
                let gapSeconds = element.startSeconds - elements[index - 1].endSeconds
                timings.append(ElementTiming(kind: .gap, lengthUnits: gapSeconds / unitSeconds))
            }
            let isDah = pattern.dropFirst(index).first.map { $0 == "-" } ?? (element.element == .dah)
            timings.append(ElementTiming(kind: isDah ? .dah : .dit, lengthUnits: element.durationSeconds / unitSeconds))
        }
        return timings
    }

    /// Whether it is within a quarter of the standard (a third of a unit for a dit and a gap).
    public var isClose: Bool { abs(lengthUnits - Double(standardUnits)) <= max(1.0 / 3, Double(standardUnits) / 4) }

    /// The standard length in units.
    public var standardUnits: Int { kind == .dah ? 3 : 1 }

    /// As a send drill shows it: "dah 3.4 units (3)".
    public var description: String {
        "\(kind.rawValue) \(String(format: "%.1f", lengthUnits)) units (\(standardUnits))"
    }
}
