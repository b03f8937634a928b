import Foundation

/// One character keyed in the drill of a character at a time, against the one shown: what it read
/// as, and how long each mark and each gap between them lasted, in units of the drill's speed,
/// against the standard (a dit 1, a dah 3, a gap 1).
public struct CharacterAttempt: Sendable, Hashable {
    public let target: Symbol
    public let text: String?
    public let pattern: String
    /// Its marks, in seconds from the session's start.
    public let marks: [KeyedElement]
    public let timings: [ElementTiming]

    public var isRight: Bool { text == target.text }

    init(target: Symbol, text: String?, pattern: String, marks: [KeyedElement], unitSeconds: Double) {
        self.target = target
        self.text = text
        self.pattern = pattern
        self.marks = marks
        timings = ElementTiming.of(marks, pattern: pattern, unitSeconds: unitSeconds)
    }

    /// `K  -.-  right` or `R  .-.  wrong: read as K (-.-)`, then each element and gap in units,
    /// `dah 3.4 · gap 1.0 · dit 0.9*`, a star on those off the standard by more than a quarter.
    public var lines: [String] { lines(widthColumns: Int.max) }

    /// The lines, none wider than `widthColumns`: the timing broken between its elements (the
    /// next line going on with `·`), the note of units after it where it fits, else under it.
    public func lines(widthColumns: Int) -> [String] {
        let verdict =
            isRight
            ? "\(target.text)  \(target.pattern)  right"
            : "\(target.text)  \(target.pattern)  wrong: read as \(text ?? "no character") (\(pattern))"
        let timing = timings.map { "\($0.kind.rawValue) \(String(format: "%.1f", $0.lengthUnits))\($0.isClose ? "" : "*")" }
        var lines = ScreenLineWrapping.lines(verdict, widthColumns: widthColumns)
        guard let first = timing.first else { return lines }
        var row = "  " + first
        for item in timing.dropFirst() {
            if row.count + 3 + item.count > widthColumns {
                lines.append(row)
                row = "  · " + item
            } else {
                row += " · " + item
            }
        }
        let note = "(units: dah 3, dit 1, gap 1; * off by more than a quarter)"
        if row.count + 2 + note.count <= widthColumns { return lines + [row + "  " + note] }
        return lines + [row] + ScreenLineWrapping.lines("  " + note, widthColumns: widthColumns)
    }
}
