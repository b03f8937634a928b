import Foundation
import KochCore

/// "Now" for one run of koch: the system's clock, or the moment `KOCH_NOW` names.
///
/// Everything koch works out from the present (the day a lesson is graded on,
/// whether a `--date` lies in the future, what is due, the streak) asks this
/// once, so that a script or a test can run koch on a day of its choosing, as
/// `SOURCE_DATE_EPOCH` tells it when files were made. `KOCH_NOW` is seconds
/// since 1970 (`1795867200`) or a date as `--date` takes it (`2026-11-28`,
/// `2026-11-28T19:30`, `2026-11-28T19:30:00+01:00`); a date without an offset is
/// on the learner's clock, and a day without a time is its noon.
public enum RunClock {
    public static let variable = "KOCH_NOW"

    /// The moment `environment` names, else the system's clock.
    public static func now(
        environment: [String: String] = ProcessInfo.processInfo.environment, timeZone: TimeZone = .current
    ) throws(RunClockError) -> Date {
        guard let text = environment[variable], !text.isEmpty else { return Date() }
        if let seconds = Int(text) { return Date(timeIntervalSince1970: Double(seconds)) }
        guard let moment = LocalTimestamp.parse(text, timeZone: timeZone) else { throw RunClockError(value: text) }
        return moment.date
    }
}

/// `KOCH_NOW` holds something that is no moment.
public struct RunClockError: Error, CustomStringConvertible {
    public let value: String

    public init(value: String) {
        self.value = value
    }

    public var description: String {
        "\(RunClock.variable) must be seconds since 1970 or a date such as 2026-11-28 or 2026-11-28T19:30, not \"\(value)\"."
    }
}
