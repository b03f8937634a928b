import Foundation

/// One character keyed in the drill of a character at a time, against the one shown: what it read
/// as, and how long each mark and each gap between them lasted, in units of the drill's speed,
/// against the standard (a dit 1, a dah 3, a gap 1).
public struct CharacterAttempt: Sendable, Hashable {
    /// A mark or a gap inside the character.
    public struct Timing: Sendable, Hashable {
        /// `dit`, `dah` or `gap`.
        public let name: String
        public let units: Double
        public let standardUnits: Int

        /// Whether it is within a quarter of the standard (a third of a unit for a dit and a gap).
        public var isClose: Bool { abs(units - Double(standardUnits)) <= max(1.0 / 3, Double(standardUnits) / 4) }
    }

    public let target: Symbol
    public let text: String?
    public let pattern: String
    public let timings: [Timing]

    public var isRight: Bool { text == target.text }

    init(target: Symbol, text: String?, pattern: String, marks: [KeyedElement], unitSeconds: Double) {
        self.target = target
        self.text = text
        self.pattern = pattern
        var timings: [Timing] = []
        let elements = Array(pattern)
        for (index, mark) in marks.enumerated() {
            if index > 0 {
                let gap = mark.startSeconds - marks[index - 1].endSeconds
                timings.append(Timing(name: "gap", units: gap / unitSeconds, standardUnits: 1))
            }
            let isDah = index < elements.count ? elements[index] == "-" : mark.element == .dah
            timings.append(Timing(name: isDah ? "dah" : "dit", units: mark.durationSeconds / unitSeconds, standardUnits: isDah ? 3 : 1))
        }
        self.timings = timings
    }

    /// `K  -.-  right` or `R  .-.  wrong: read as K (-.-)`, then the timing, e.g.
    /// `dah 3.4 · gap 1.0 · dit 0.9 · gap 1.2 · dah 2.6 (units; standard dah 3, dit 1, gap 1)`.
    public var lines: [String] {
        let verdict =
            isRight
            ? "\(target.text)  \(target.pattern)  right"
            : "\(target.text)  \(target.pattern)  wrong: read as \(text ?? "no character") (\(pattern))"
        let timing = timings.map { "\($0.name) \(String(format: "%.1f", $0.units))\($0.isClose ? "" : "*")" }.joined(separator: " · ")
        return [verdict, timing.isEmpty ? "" : "  " + timing + "  (units; dah 3, dit 1, gap 1; * off by more than a quarter)"]
    }
}
