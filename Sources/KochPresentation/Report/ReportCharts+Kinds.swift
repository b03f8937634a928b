import KochCore

extension ReportCharts {
    /// Weeks shown in the chart and table of practice by kind, ending with the week of the report's day.
    public static let kindWeeks = 12

    /// One kind's accuracy week by week: a line through the weeks it was practised.
    public struct KindSeries: Sendable, Hashable {
        public let kind: ProgressCategory
        public let points: [Point]
    }

    /// The weeks of `byKind` within the last `kindWeeks` up to the week of `today`, oldest first,
    /// and a frame over them: from the first of them (a week before `today`'s at the least, so
    /// that a single week has an axis) to the week of `today`, 0 to 100 %.
    public static func kindWindow(_ byKind: PracticeByKind, today: CalendarDay) -> (weeks: [PracticeByKind.Week], frame: Frame) {
        let lastMonday = today.weekStart
        let earliest = lastMonday.adding(days: -7 * (kindWeeks - 1))
        let weeks = byKind.weeks.filter { $0.weekStart >= earliest && $0.weekStart <= lastMonday }
        let first = min(weeks.first?.weekStart ?? lastMonday, lastMonday.adding(days: -7))
        return (weeks, Frame(first: first, last: lastMonday, low: 0, high: 100))
    }

    /// A series per kind practised in `weeks`, in `ProgressCategory` order: a point per week with its
    /// accuracy, labelled for a screen reader and a tooltip. A week whose sessions sent nothing
    /// has no accuracy and no point.
    public static func kindSeries(_ weeks: [PracticeByKind.Week], frame: Frame) -> [KindSeries] {
        let kinds = Set(weeks.flatMap { $0.kinds.map(\.kind) }).sorted()
        return kinds.map { kind in
            let points = weeks.compactMap { week -> Point? in
                guard let tally = week.tally(kind), let accuracy = tally.accuracy else { return nil }
                let percent = accuracy * 100
                return Point(
                    x: frame.x(week.weekStart), y: frame.y(percent),
                    label: "\(week.weekStart.isoWeekText): \(kind.name) \(Int(percent.rounded())) % (\(kindAmount(tally)))",
                    isSelfScored: kind.isSelfScored)
            }
            return KindSeries(kind: kind, points: points)
        }
    }

    /// "2 sessions, 40 characters"; "1 session, 10 items" for a self-scored kind.
    public static func kindAmount(_ tally: PracticeByKind.Tally) -> String {
        "\(DayText.count(tally.sessions, "session")), \(tally.sent) \(tally.kind.isSelfScored ? "items" : "characters")"
    }
}
