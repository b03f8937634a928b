import Foundation

extension LocalTimestamp {
    /// Whether `text` (a date `parse` reads) gives a time of day, not a day alone.
    public static func givesTimeOfDay(_ text: String) -> Bool {
        let trimmed = Array(text.trimmingCharacters(in: .whitespaces))
        return trimmed.count > 10 && (trimmed[10] == "T" || trimmed[10] == " ")
    }

    /// Reads `2026-11-21`, `2026-11-21T19:30`, `2026-11-21 19:30:05`, with
    /// an optional `Z`, `+01:00` or `-0500` at the end. Without an offset
    /// the time is read on a clock in `timeZone`; without a time it is noon.
    /// Returns nil if the text is not such a date.
    public static func parse(_ text: String, timeZone: TimeZone?) -> LocalTimestamp? {
        var scanner = Substring(text.trimmingCharacters(in: .whitespaces))
        guard let year = scanner.takeNumber(digits: 4), scanner.take("-"),
            let month = scanner.takeNumber(digits: 2), scanner.take("-"),
            let dayOfMonth = scanner.takeNumber(digits: 2),
            let day = CalendarDay(year: year, month: month, day: dayOfMonth)
        else { return nil }
        var secondOfDay = 12 * 3600
        if scanner.take("T") || scanner.take(" ") {
            guard let hour = scanner.takeNumber(digits: 2), hour < 24, scanner.take(":"),
                let minute = scanner.takeNumber(digits: 2), minute < 60
            else { return nil }
            var second = 0
            if scanner.take(":") {
                guard let value = scanner.takeNumber(digits: 2), value < 60 else { return nil }
                second = value
                if scanner.take(".") {
                    while let first = scanner.first, first.isASCII, first.isNumber { scanner.removeFirst() }
                }
            }
            secondOfDay = hour * 3600 + minute * 60 + second
        }
        let localSeconds = day.daysSinceEpoch * 86_400 + secondOfDay
        var offsetSeconds: Int
        if scanner.take("Z") || scanner.take("z") {
            offsetSeconds = 0
        } else if let sign = scanner.first, sign == "+" || sign == "-" {
            scanner.removeFirst()
            guard let hours = scanner.takeNumber(digits: 2), hours <= 18 else { return nil }
            _ = scanner.take(":")
            guard let minutes = scanner.takeNumber(digits: 2), minutes < 60 else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
        } else {
            guard let timeZone else { return nil }
            // The offset in force at that local time: guess with the offset at
            // the same instant read as UTC, then correct once (DST edges).
            offsetSeconds = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(localSeconds)))
            offsetSeconds = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(localSeconds - offsetSeconds)))
        }
        guard scanner.isEmpty else { return nil }
        return LocalTimestamp(date: Date(timeIntervalSince1970: Double(localSeconds - offsetSeconds)), utcOffsetSeconds: offsetSeconds)
    }
}

extension LocalTimestamp: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self.parse(text, timeZone: nil) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text)\" is not a date and time with its UTC offset, such as 2026-11-21T19:30:00+01:00")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Substring {
    fileprivate mutating func take(_ literal: Character) -> Bool {
        guard first == literal else { return false }
        removeFirst()
        return true
    }

    fileprivate mutating func takeNumber(digits: Int) -> Int? {
        let part = prefix(digits)
        guard part.count == digits, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else { return nil }
        removeFirst(digits)
        return value
    }
}
