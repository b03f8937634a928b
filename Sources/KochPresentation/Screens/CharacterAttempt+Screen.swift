import Foundation
import KochCore

/// A character drill's attempt on the screen.
extension CharacterAttempt {
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
