import Foundation
import KochCore

/// The fist report as `koch grade --audio` prints it, after the score.
public struct FistText: Sendable {
    public let report: FistReport
    /// Ambiguous places listed before "and N more".
    public static let maximumPlaces = 10

    public init(report: FistReport) {
        self.report = report
    }

    public var lines: [String] {
        let targets = report.targets
        var lines = ["Your fist:"]
        lines.append(
            "  Speed     \(one(report.speedWPM)) WPM characters, \(one(report.effectiveSpeedWPM)) WPM overall "
                + "(the exercise: \(one(targets.characterSpeedWPM)) and \(one(targets.effectiveSpeedWPM))); a dit of \(Int(report.ditMilliseconds.rounded())) ms"
        )
        if report.marksAreTheKeyers {
            lines.append("  Marks     made by your keyer, so only your gaps are judged")
        } else if let ratio = report.dahToDitRatio {
            lines.append("  Dahs      \(figure(ratio)) dits long (standard 3)")
        }
        let gaps: [(String, TimingSpread?, String)] = [
            ("inside characters", report.intraCharacterGaps, "1"),
            ("between characters", report.characterGaps, "3" + (targets.farnsworthCharacterGapDits.map { "; " + one($0) } ?? "")),
            ("between words", report.wordGaps, "7" + (targets.farnsworthWordGapDits.map { "; " + one($0) } ?? "")),
        ]
        if gaps.contains(where: { $0.1 != nil }) {
            let farnsworth = targets.farnsworthCharacterGapDits == nil ? "" : " (and the exercise's \(one(targets.effectiveSpeedWPM)) WPM spacing)"
            lines.append("  Gaps in dits, against the standard\(farnsworth):")
            for (name, spread, target) in gaps {
                guard let spread else { continue }
                let value = figure(spread.meanDits)
                lines.append(
                    "    " + name.padding(toLength: 19, withPad: " ", startingAt: 0)
                        + String(repeating: " ", count: max(0, 5 - value.count)) + value + "  (\(target))")
            }
        }
        if report.pauses > 0 {
            lines.append("    (\(report.pauses) pause\(report.pauses == 1 ? "" : "s") between words left out)")
        }
        var spreads: [String] = []
        if !report.marksAreTheKeyers {
            if let dits = report.dits.variationPercent { spreads.append("dits vary by \(whole(dits)) %") }
            if let dahs = report.dahs?.variationPercent { spreads.append("dahs by \(whole(dahs)) %") }
        }
        if let character = report.characterGaps?.variationPercent {
            spreads.append((spreads.isEmpty ? "gaps between characters vary by " : "gaps between characters by ") + "\(whole(character)) %")
        }
        if !spreads.isEmpty {
            lines.append("  Evenness  " + spreads.joined(separator: ", "))
        }
        if report.ambiguous.isEmpty {
            lines.append("  Ambiguous none: every mark and gap was clearly one thing or the other")
        } else {
            let count = report.ambiguous.count
            lines.append("  Ambiguous \(count) place\(count == 1 ? "" : "s") where the timing could be read two ways:")
            for item in report.ambiguous.prefix(Self.maximumPlaces) {
                lines.append("    \(item.place): \(item.description)")
            }
            if count > Self.maximumPlaces { lines.append("    ... and \(count - Self.maximumPlaces) more") }
        }
        if report.advice.isEmpty {
            lines.append("Nothing to fix: your timing is even and close to the standard.")
        } else {
            lines += report.advice.map(\.sentence)
        }
        return lines
    }

    private func one(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// A measured length: always one decimal, so that the column lines up.
    private func figure(_ value: Double) -> String { String(format: "%.1f", value) }

    private func whole(_ value: Double) -> String { String(Int(value.rounded())) }
}
