import ArgumentParser
import Foundation
import KochCore

/// `--date DAY`: the day a status, report or schedule is worked out for (due days, the streak).
struct DayOption: ParsableArguments {
    @Option(help: ArgumentHelp("The day to work it out for (due days, the streak): 2026-12-01. Default: today.", valueName: "date"))
    var date: String?

    func validate() throws {
        if let date, LocalTimestamp.parse(date, timeZone: .current) == nil {
            throw ValidationError("--date must be a date such as 2026-11-21 or 2026-11-21T19:30, not \"\(date)\".")
        }
    }

    /// The time of day it is on `day()`, when known: the time `--date` gives, else now when the day is today.
    func minuteOfDay() throws -> Int? {
        let now = LocalTimestamp(date: try Now.date(), timeZone: .current)
        guard let date, let given = LocalTimestamp.parse(date, timeZone: .current) else { return now.minuteOfDay }
        if LocalTimestamp.givesTimeOfDay(date) { return given.minuteOfDay }
        return given.day == now.day ? now.minuteOfDay : nil
    }

    /// The day given, else today on the learner's clock.
    func day() throws -> CalendarDay {
        if let given = date.flatMap({ LocalTimestamp.parse($0, timeZone: .current) }) { return given.day }
        return LocalTimestamp(date: try Now.date(), timeZone: .current).day
    }
}
