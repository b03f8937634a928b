/// The hours in which no reminder may sound (the design's anti-nag rule):
/// 22:00 to 08:00 by default. Minutes from midnight; the span may cross it.
public struct QuietHours: Sendable, Hashable {
    public let startMinute: Int
    public let endMinute: Int

    public static let standard = QuietHours(startMinute: 22 * 60, endMinute: 8 * 60)

    public init(startMinute: Int, endMinute: Int) {
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    /// `22:00-08:00` or `22-8`; nil when it is not such a span.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let start = Self.minute(parts[0]), let end = Self.minute(parts[1]), start != end else { return nil }
        self.init(startMinute: start, endMinute: end)
    }

    /// `18:00` or `18` as minutes from midnight; nil when it is no time of day.
    public static func minuteOfDay(parsing text: String) -> Int? { minute(text[...]) }

    static func minute(_ text: Substring) -> Int? {
        let fields = text.trimmingCharacters().split(separator: ":")
        guard (1...2).contains(fields.count), let hour = Int(fields[0]), (0...23).contains(hour) else { return nil }
        let minute = fields.count == 2 ? Int(fields[1]) : 0
        guard let minute, (0...59).contains(minute) else { return nil }
        return hour * 60 + minute
    }

    /// Whether a minute of the day falls in the quiet hours.
    public func contains(minuteOfDay minute: Int) -> Bool {
        startMinute < endMinute ? (minute >= startMinute && minute < endMinute) : (minute >= startMinute || minute < endMinute)
    }

    /// `22:00-08:00`: the form `init(parsing:)` reads, as an option's value is written.
    public var spanText: String { "\(Self.clock(startMinute))-\(Self.clock(endMinute))" }

    /// `22:00–08:00`.
    public var description: String { "\(Self.clock(startMinute))–\(Self.clock(endMinute))" }

    public static func clock(_ minute: Int) -> String {
        let hour = minute / 60, rest = minute % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> Substring {
        let start = drop { $0 == " " }
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)] == " " { end = start.index(before: end) }
        return start[start.startIndex..<end]
    }
}
