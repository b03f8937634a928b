import ArgumentParser
import Foundation
import KochCore
import KochIO
import KochLessons

struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Put your practice days and level reviews into your calendar, as an iCalendar (.ics) file.",
        discussion: """
            An event for each coming practice day of each direction over the next four \
            weeks (the next due day, today when practice is due now, as koch status says; \
            then every interval after, as long as your lessons keep it) and for each level \
            review due, at --at (18:00 by default) on your own clock, with an alarm; once \
            that time has passed today, what is due today is put on tomorrow. The \
            design's anti-nag rules hold over all of them: at most two reminders a day, at \
            least four hours apart, none in the quiet hours (22:00-08:00 unless \
            --quiet-hours); anything more that falls due that day is listed in the day's \
            other reminder. With a streak of three days or more, a reminder to keep it on \
            the day it would end without practice.

            Import the file into your calendar, or subscribe to it where it lies. Export it \
            again after practising: the same events move to their new days (each has a \
            stable identity) instead of new ones being added.

            Examples:
              koch schedule --ics ~/morse.ics
              koch schedule --ics morse.ics --at 07:30 --quiet-hours 23:00-07:00
            """
    )

    @Option(name: .customLong("ics"), help: ArgumentHelp("The calendar file to write.", valueName: "file"))
    var icsPath: String

    @OptionGroup
    var progress: ProgressOption

    @Option(help: ArgumentHelp("When a day's first reminder sounds, HH:MM, outside the quiet hours. Default: 18:00.", valueName: "time"))
    var at: String = QuietHours.clock(PracticeReminders.defaultMinuteOfDay)

    @Option(
        name: .customLong("quiet-hours"),
        help: ArgumentHelp("When no reminder may sound: START-END, e.g. 22:00-08:00 (the default).", valueName: "span"))
    var quietHours: String = QuietHours.standard.spanText

    @OptionGroup
    var day: DayOption

    /// The calendar asked for, as the library takes it.
    var request: ScheduleRequest {
        var request = ScheduleRequest(icsPath: icsPath)
        request.at = at
        request.quietHours = quietHours
        return request
    }

    func validate() throws {
        switch request.conflict {
        case .quietHours(let span): throw ValidationError("--quiet-hours must be a span such as 22:00-08:00, not \"\(span)\".")
        case .time(let time): throw ValidationError("--at must be a time such as 18:00, not \"\(time)\".")
        case let .timeInQuietHours(time, quiet):
            throw ValidationError("--at \(time) falls in the quiet hours (\(quiet.description)); choose another time or other quiet hours.")
        case nil: break
        }
    }

    func run() throws {
        let today = try day.day()
        let written = try request.write(from: progress.store, now: try Now.date(), today: today, nowMinuteOfDay: try day.minuteOfDay())
        let reminders = written.reminders
        print("Wrote \(icsPath): \(DayText.count(reminders.reminders.count, "reminder")) (quiet hours \(written.quiet.description)).")
        if reminders.firstDay > today {
            print("It is past \(at) today: the reminders start tomorrow, \(reminders.firstDay), at \(at).")
        }
        for reminder in reminders.reminders {
            let also = reminder.alsoDue.isEmpty ? "" : " (also: \(reminder.alsoDue.map(\.summary).joined(separator: "; ")))"
            print("  \(reminder.day) \(QuietHours.clock(reminder.minuteOfDay))  \(reminder.item.summary)\(also)")
        }
        if written.noSessions { print("No sessions yet: practice is due today.") }
    }
}
