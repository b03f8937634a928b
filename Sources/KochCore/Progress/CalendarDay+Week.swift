extension CalendarDay {
    /// The Monday of the ISO 8601 week this day falls in.
    public var weekStart: CalendarDay { adding(days: 1 - isoWeekday) }

    /// The ISO 8601 week, as `2026-W48`: the year of its Thursday and the week's number in that
    /// year, the first week being the one that holds the year's first Thursday.
    public var isoWeekText: String {
        let thursday = weekStart.adding(days: 3)
        let year = thursday.components.year
        let newYear = CalendarDay(year: year, month: 1, day: 1) ?? thursday
        let week = newYear.days(until: thursday) / 7 + 1
        return "\(year)-W\(week < 10 ? "0" : "")\(week)"
    }
}
