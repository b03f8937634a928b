import Foundation
import KochCore

/// The send part's "Your fist over time" (`templates/report-fist.html.mustache`): a chart a figure
/// by week (`FistCharts`), the weeks as a table, and the fist report's advice on the latest week.
extension ReportPage {
    /// How many weeks the table lists, the latest first.
    static let fistTableWeeks = 12

    static func fist(_ fist: FistOverTime) -> [String: Any] {
        guard let latest = fist.latestWeek else { return ["hasWeeks": false, "noWeeks": true] }
        let advice = fist.latestAdvice ?? []
        let sessions = fist.weeks.reduce(0) { $0 + $1.sessions }
        let span =
            fist.weeks.count == 1
            ? "in \(latest.weekStart.isoWeekText)"
            : "over \(fist.weeks.count) weeks, \(fist.weeks[0].weekStart.isoWeekText) to \(latest.weekStart.isoWeekText)"
        return [
            "hasWeeks": true, "noWeeks": false,
            "summary": "\(sessions) send session\(sessions == 1 ? "" : "s") with a keying \(span)",
            "charts": FistCharts.charts(fist).map(fistChart),
            "target": fistRow(targets: latest.targets),
            "rows": fist.weeks.suffix(fistTableWeeks).reversed().map(fistRow),
            "tableNote": fist.weeks.count > fistTableWeeks ? "The last \(fistTableWeeks) weeks; the charts show every week." : false,
            "latestWeek": "\(latest.weekStart.isoWeekText) (from \(latest.weekStart))",
            "advice": advice.map(\.sentence),
            "nothingToFix": advice.isEmpty,
        ]
    }

    private static func fistChart(_ chart: FistCharts.Chart) -> [String: Any] {
        let ticks = chart.weekTicks
        return [
            "id": chart.figure.rawValue, "heading": chart.heading, "title": chart.title,
            "width": FistCharts.width, "height": FistCharts.height,
            "left": FistCharts.margins.left, "right": FistCharts.width - FistCharts.margins.right,
            "top": FistCharts.margins.top, "bottom": FistCharts.height - FistCharts.margins.bottom, "labelY": FistCharts.height - 8,
            "valueTicks": chart.valueTicks.map { ["y": fixed($0.position), "label": $0.label] },
            "weekTicks": ticks.enumerated().map { index, tick in
                [
                    "x": fixed(tick.position), "label": tick.label,
                    "anchor": ticks.count == 1 ? "middle" : index == 0 ? "start" : index == ticks.count - 1 ? "end" : "middle",
                ]
            },
            "targets": chart.targets.map { ["y": fixed($0.y), "label": $0.label] },
            "series": chart.series.enumerated().map { index, series -> [String: Any] in
                [
                    "index": index, "name": series.name,
                    "line": series.points.map { "\(fixed($0.x)),\(fixed($0.y))" }.joined(separator: " "),
                    "markers": series.points.map { ["x": fixed($0.x), "y": fixed($0.y), "label": $0.label] },
                    "legend": series.legendX.map { ["x": fixed($0)] } ?? false,
                ]
            },
        ]
    }

    /// A week's figures as the table shows them; a figure not measured that week as a dash.
    private static func fistRow(_ week: FistOverTime.Week) -> [String: Any] {
        let text = FistNumber.text
        func dits(_ spread: TimingSpread?) -> String { spread.map { text($0.meanDits) } ?? "–" }
        return [
            "week": week.weekStart.isoWeekText, "monday": week.weekStart.description,
            "sessions": week.sessions, "marks": week.marks,
            "speed": week.speedWPM > 0 ? text(week.speedWPM) : "–",
            "ratio": week.dahToDitRatio.map(text) ?? "–",
            "gaps": [dits(week.intraCharacterGaps), dits(week.characterGaps), dits(week.wordGaps)].joined(separator: " / "),
            "steadiness": week.steadinessPercent.map { "\(text($0)) %" } ?? "–",
        ]
    }

    /// What each figure should be, as the table's first row.
    private static func fistRow(targets: FistTargets) -> [String: Any] {
        let text = FistNumber.text
        let character = targets.farnsworthCharacterGapDits.map { "\(text(targets.characterGapDits))–\(text($0))" }
        let word = targets.farnsworthWordGapDits.map { "\(text(targets.wordGapDits))–\(text($0))" }
        return [
            "speed": text(targets.characterSpeedWPM), "ratio": text(targets.dahToDitRatio),
            "gaps": [
                text(targets.intraCharacterGapDits), character ?? text(targets.characterGapDits), word ?? text(targets.wordGapDits),
            ].joined(separator: " / "),
            "steadiness": "\(FistNumber.whole(FistAdvice.evenVariationPercent)) % or less",
        ]
    }

}
