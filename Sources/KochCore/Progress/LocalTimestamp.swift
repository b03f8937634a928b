import Foundation

/// A moment and the offset from UTC of the learner's clock at that moment,
/// so that the calendar day it fell on stays what the learner saw, even if
/// they later move to another time zone.
///
/// Written as ISO 8601 with the offset: `2026-11-21T19:30:00+01:00`.
public struct LocalTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let date: Date
    /// Seconds east of UTC, e.g. 3600 for `+01:00`.
    public let utcOffsetSeconds: Int

    public init(date: Date, utcOffsetSeconds: Int) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The moment `date` as seen on a clock in `timeZone`.
    public init(date: Date, timeZone: TimeZone) {
        self.init(date: date, utcOffsetSeconds: timeZone.secondsFromGMT(for: date))
    }

    /// The seconds since 1970 on the local clock (as if the local time were UTC).
    private var localSeconds: Int {
        Int((date.timeIntervalSince1970).rounded(.down)) + utcOffsetSeconds
    }

    /// The calendar day on the learner's clock.
    public var day: CalendarDay {
        let seconds = localSeconds
        return CalendarDay(daysSinceEpoch: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    }

    /// Minutes since midnight on the learner's clock: 1170 for 19:30.
    public var minuteOfDay: Int { (localSeconds - day.daysSinceEpoch * 86_400) / 60 }

    /// `19:30` on the learner's clock.
    public var timeOfDay: String {
        let secondOfDay = localSeconds - day.daysSinceEpoch * 86_400
        return Self.twoDigits(secondOfDay / 3600) + ":" + Self.twoDigits(secondOfDay / 60 % 60)
    }

    /// `2026-11-21T19:30:00+01:00`.
    public var description: String {
        let secondOfDay = localSeconds - day.daysSinceEpoch * 86_400
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        let offset = abs(utcOffsetSeconds)
        return "\(day)T\(timeOfDay):\(Self.twoDigits(secondOfDay % 60))"
            + (utcOffsetSeconds == 0 ? "Z" : "\(sign)\(Self.twoDigits(offset / 3600)):\(Self.twoDigits(offset / 60 % 60))")
    }

    public static func < (lhs: LocalTimestamp, rhs: LocalTimestamp) -> Bool {
        lhs.date < rhs.date
    }

    private static func twoDigits(_ value: Int) -> String {
        (value < 10 ? "0" : "") + String(value)
    }
}
