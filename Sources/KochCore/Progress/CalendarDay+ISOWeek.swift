extension CalendarDay {
    /// The Monday of the day's week (ISO 8601: weeks start on Monday).
    public var weekMonday: CalendarDay { adding(days: 1 - isoWeekday) }

    /// The day's ISO 8601 week, `2026-W48`: the week belongs to the year of its Thursday, and a
    /// year's first week is the one with its first Thursday.
    public var isoWeekText: String {
        let thursday = weekMonday.adding(days: 3)
        let year = thursday.components.year
        let januaryFirst = CalendarDay(year: year, month: 1, day: 1) ?? thursday
        let week = januaryFirst.days(until: thursday) / 7 + 1
        return "\(year)-W\(week < 10 ? "0" : "")\(week)"
    }
}
