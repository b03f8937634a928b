/// Calendar days, shares and counts as the learner reads them (the command line's text and the pages).
public enum DayText {
    private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `Mon 2026-11-23 (in 2 days)`, `(today)`, `(3 days ago)`.
    public static func relative(_ day: CalendarDay, today: CalendarDay) -> String {
        let distance = today.days(until: day)
        let when: String
        switch distance {
        case 0: when = "today"
        case 1: when = "tomorrow"
        case -1: when = "yesterday"
        case 2...: when = "in \(distance) days"
        default: when = "\(-distance) days ago"
        }
        return "\(weekdays[day.isoWeekday - 1].prefix(3)) \(day) (\(when))"
    }

    /// `96.2 %`.
    public static func percent(_ fraction: Double) -> String {
        let tenths = (fraction * 1000).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) %" : "\(tenths) %"
    }

    /// `3 days`, `1 day`.
    public static func days(_ count: Int) -> String {
        Self.count(count, "day")
    }

    /// `650 Hz, 702 Hz`.
    public static func hertz(_ tones: [Double]) -> String {
        tones.map { "\(Int($0.rounded())) Hz" }.joined(separator: ", ")
    }

    /// `3 lessons`, `1 lesson`: a count and its noun, singular for one.
    public static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
