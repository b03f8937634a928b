import KochCore

/// The geometry of the report's charts of the fist over time (`FistOverTime`), in SVG user units:
/// one small chart a figure (the dah/dit ratio, the gaps, the character speed, the steadiness),
/// the weeks along the bottom, each figure's target as a dashed line. The page (a template) draws
/// them, as it draws `ReportCharts`. Small enough for two side by side on a wide page and for
/// their labels to stay readable on a phone's width.
public enum FistCharts {
    public static let width = 340.0
    public static let height = 160.0
    public static let margins = ReportCharts.margins
    /// Roughly how wide a character of the axis labels is, to set the legend's entries apart.
    public static let labelCharacterWidth = 6.0

    public enum Figure: String, Sendable, Hashable, CaseIterable {
        case dahToDitRatio = "ratio"
        case gaps
        case speed
        case steadiness
    }

    /// One line of points, a week each.
    public struct Series: Sendable, Hashable {
        /// For the legend: `characters`.
        public let name: String
        public let points: [ReportCharts.Point]
        /// Where its entry in the legend starts, when the chart has more than one series.
        public var legendX: Double?
    }

    /// What a figure should be, drawn across the chart.
    public struct Target: Sendable, Hashable {
        public let y: Double
        public let label: String
    }

    public struct Chart: Sendable, Hashable {
        public let figure: Figure
        /// A few words above the chart: `Dah length in dits`.
        public let heading: String
        /// For a screen reader: what is drawn against what.
        public let title: String
        public let series: [Series]
        public let targets: [Target]
        public let valueTicks: [ReportCharts.Tick]
        public let weekTicks: [ReportCharts.Tick]
    }

    /// Where the weeks go across, and the values up.
    struct Scale {
        let first: CalendarDay
        let last: CalendarDay
        let low: Double
        let high: Double

        func x(_ week: CalendarDay) -> Double {
            let plot = width - margins.left - margins.right
            guard first < last else { return margins.left + plot / 2 }
            return margins.left + Double(first.days(until: week)) / Double(first.days(until: last)) * plot
        }

        func y(_ value: Double) -> Double {
            let plot = height - margins.top - margins.bottom
            return margins.top + (1 - (min(max(value, low), high) - low) / (high - low)) * plot
        }
    }

    /// The four charts of `fist`'s weeks against the latest week's targets; none before the first week.
    public static func charts(_ fist: FistOverTime) -> [Chart] {
        guard let drawing = Drawing(fist) else { return [] }
        return [drawing.ratio(), drawing.gaps(), drawing.speed(), drawing.steadiness()]
    }

    /// The weeks and the targets every chart is drawn from.
    struct Drawing {
        let weeks: [FistOverTime.Week]
        let targets: FistTargets
        let weekTicks: [ReportCharts.Tick]

        init?(_ fist: FistOverTime) {
            guard let latest = fist.latestWeek else { return nil }
            weeks = fist.weeks
            targets = latest.targets
            weekTicks = FistCharts.weekTicks(fist.weeks, scale: Scale(first: weeks[0].weekStart, last: latest.weekStart, low: 0, high: 1))
        }

        /// From `low` to a round step above the highest of `values` and `atLeast`.
        func scale(_ values: [Double], low: Double, atLeast: Double, step: Double) -> Scale {
            let top = max(values.max() ?? atLeast, atLeast)
            return Scale(first: weeks[0].weekStart, last: weeks[weeks.count - 1].weekStart, low: low, high: (top / step).rounded(.down) * step + step)
        }

        /// A point a week that has the figure, labelled by `describe`.
        func series(_ name: String, _ scale: Scale, _ value: (FistOverTime.Week) -> Double?, _ describe: (Double) -> String) -> Series {
            Series(
                name: name,
                points: weeks.compactMap { week in
                    value(week).map { figure in
                        ReportCharts.Point(
                            x: scale.x(week.weekStart), y: scale.y(figure),
                            label: "\(week.weekStart.isoWeekText) (from \(week.weekStart)): \(describe(figure)), \(sessionsText(week))")
                    }
                })
        }

        /// The scale's ends, labelled.
        func ends(_ scale: Scale, unit: String = "") -> [ReportCharts.Tick] {
            [scale.low, scale.high].map { ReportCharts.Tick(position: scale.y($0), label: FistNumber.text($0) + unit) }
        }

        func ratio() -> Chart {
            let target = targets.dahToDitRatio
            let scale = scale(weeks.compactMap(\.dahToDitRatio) + [target], low: 1, atLeast: 4, step: 1)
            return Chart(
                figure: .dahToDitRatio, heading: "Dah length in dits",
                title: "Dah length in dits by week, against the \(FistNumber.text(target)) dits a dah should last",
                series: [series("dahs", scale, \.dahToDitRatio) { "dahs \(dits($0))" }],
                targets: [Target(y: scale.y(target), label: "a dah: \(dits(target))")], valueTicks: ends(scale), weekTicks: weekTicks)
        }

        func gaps() -> Chart {
            let values = weeks.flatMap { [$0.intraCharacterGaps, $0.characterGaps, $0.wordGaps].compactMap { $0?.meanDits } }
            let standard = [
                ("inside", targets.intraCharacterGapDits), ("between characters", targets.characterGapDits), ("between words", targets.wordGapDits),
            ]
            let scale = scale(values + standard.map(\.1), low: 0, atLeast: 8, step: 2)
            // A Farnsworth exercise's longest gaps are named in the title, not drawn: they would crowd the standard ones.
            let stretched = targets.farnsworthCharacterGapDits.flatMap { character in
                targets.farnsworthWordGapDits.map { word in
                    " (up to \(dits(character)) and \(dits(word)) at the exercise's \(FistNumber.text(targets.effectiveSpeedWPM)) WPM spacing)"
                }
            }
            return Chart(
                figure: .gaps, heading: "Gaps in dits",
                title:
                    "Gaps in dits by week: inside characters, between characters and between words, against their standard lengths\(stretched ?? "")",
                series: legend([
                    series("inside", scale, { $0.intraCharacterGaps?.meanDits }) { "gaps inside characters \(dits($0))" },
                    series("characters", scale, { $0.characterGaps?.meanDits }) { "gaps between characters \(dits($0))" },
                    series("words", scale, { $0.wordGaps?.meanDits }) { "gaps between words \(dits($0))" },
                ]),
                targets: standard.map { Target(y: scale.y($0.1), label: "\($0.0): \(FistNumber.text($0.1))") }, valueTicks: ends(scale),
                weekTicks: weekTicks)
        }

        func speed() -> Chart {
            let target = targets.characterSpeedWPM
            let scale = scale(weeks.map(\.speedWPM) + [target * FistAdvice.speedTolerance], low: 0, atLeast: 10, step: 5)
            return Chart(
                figure: .speed, heading: "Character speed in WPM",
                title: "Character speed in WPM by week, against the exercise's \(FistNumber.text(target)) WPM",
                series: [series("character speed", scale, { $0.speedWPM > 0 ? $0.speedWPM : nil }) { "\(FistNumber.text($0)) WPM" }],
                targets: [Target(y: scale.y(target), label: "the exercise: \(FistNumber.text(target)) WPM")], valueTicks: ends(scale),
                weekTicks: weekTicks)
        }

        func steadiness() -> Chart {
            let even = FistAdvice.evenVariationPercent
            let scale = scale(weeks.compactMap(\.steadinessPercent) + [2 * even], low: 0, atLeast: 20, step: 10)
            return Chart(
                figure: .steadiness, heading: "Steadiness: variation in percent",
                title:
                    "Steadiness by week: how much your dits, dahs and gaps between characters vary, in percent; \(FistNumber.whole(even)) % or less is even",
                series: [series("variation", scale, \.steadinessPercent) { "varying by \(FistNumber.text($0)) %" }],
                targets: [Target(y: scale.y(even), label: "even: \(FistNumber.whole(even)) % or less")], valueTicks: ends(scale, unit: " %"),
                weekTicks: weekTicks)
        }
    }

    /// `series` with their legend's entries placed one after the other along the top.
    static func legend(_ series: [Series]) -> [Series] {
        var x = margins.left + 12
        return series.map { entry in
            var placed = entry
            placed.legendX = x
            x += 24 + Double(entry.name.count) * labelCharacterWidth
            return placed
        }
    }

    /// The first and last week, and one between when there are three or more.
    static func weekTicks(_ weeks: [FistOverTime.Week], scale: Scale) -> [ReportCharts.Tick] {
        let shown = [weeks.first, weeks.count > 2 ? weeks[weeks.count / 2] : nil, weeks.count > 1 ? weeks.last : nil].compactMap { $0 }
        return shown.map { ReportCharts.Tick(position: scale.x($0.weekStart), label: $0.weekStart.isoWeekText) }
    }

    /// `1 dit`, `2.3 dits`.
    static func dits(_ value: Double) -> String {
        FistNumber.text(value) == "1" ? "1 dit" : "\(FistNumber.text(value)) dits"
    }

    /// `2 sessions, 240 marks`.
    static func sessionsText(_ week: FistOverTime.Week) -> String {
        "\(week.sessions) session\(week.sessions == 1 ? "" : "s"), \(week.marks) marks"
    }
}
