import Foundation

/// Dates as RSS 2.0 writes them (RFC 822, with a four-digit year): "Tue, 03 Jun 2025 09:30:00 GMT".
/// English names and GMT whatever the server's locale and time zone, since feed readers parse them so.
struct RFC822Date {
    private let formatter: DateFormatter

    init() {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    }

    /// `date` written as RFC 822 does.
    func string(from date: Date) -> String {
        formatter.string(from: date)
    }
}
