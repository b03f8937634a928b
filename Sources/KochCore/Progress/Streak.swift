/// Consecutive calendar days with at least one graded session: a second
/// session the same day leaves it, the next day adds one, a skipped day
/// starts again at 1. The longest is kept.
public struct Streak: Sendable, Hashable, Codable {
    public private(set) var days: Int = 0
    public private(set) var longestDays: Int = 0
    public private(set) var lastDay: CalendarDay?

    public init() {}

    /// Counts a session held on `day` (sessions come in date order). `dueBefore` is the day
    /// practice was due before it: days on which nothing was due do not break the streak, so a
    /// session on or before that day continues it however many days have passed.
    public mutating func record(_ day: CalendarDay, dueBefore: CalendarDay? = nil) {
        if let lastDay {
            let gap = lastDay.days(until: day)
            if gap == 1 || (gap > 1 && dueBefore.map { day <= $0 } == true) {
                days += 1
            } else if gap > 1 {
                days = 1
            }
        } else {
            days = 1
        }
        lastDay = max(lastDay ?? day, day)
        longestDays = max(longestDays, days)
    }

    /// The streak as it stands on `today`, when practice is next due on `dueDay`: broken (0)
    /// once that day (or the day after the last session, if later) has passed without a session.
    public func days(asOf today: CalendarDay, dueDay: CalendarDay?) -> Int {
        guard let lastSafeDay = lastSafeDay(dueDay: dueDay) else { return 0 }
        return today <= lastSafeDay ? days : 0
    }

    /// The last day a session keeps the streak, when practice is next due on `dueDay`: the day
    /// after the last session, or the due day if later; nil before the first session.
    public func lastSafeDay(dueDay: CalendarDay?) -> CalendarDay? {
        lastDay.map { max($0.adding(days: 1), dueDay ?? $0) }
    }
}

extension CalendarDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let day = CalendarDay(year: parts[0], month: parts[1], day: parts[2]) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a date such as 2026-11-21")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
