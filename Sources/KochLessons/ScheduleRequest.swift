import Foundation
import KochCore
import KochIO
import KochPresentation

/// What a front end asks of a calendar of practice (`koch schedule`): the learner's coming
/// practice days and reviews as an iCalendar file, a reminder a day at `at` outside the quiet
/// hours. `conflict` says what cannot be asked; `write(from:now:today:nowMinuteOfDay:)` writes it.
public struct ScheduleRequest: Sendable, Hashable {
    /// The calendar file to write.
    public var icsPath: String
    /// When a day's first reminder sounds, HH:MM.
    public var at = QuietHours.clock(PracticeReminders.defaultMinuteOfDay)
    /// When no reminder may sound, START-END.
    public var quietHours = QuietHours.standard.spanText

    public init(icsPath: String) {
        self.icsPath = icsPath
    }

    /// What is asked that cannot be.
    public enum Conflict: Error, Sendable, Hashable {
        /// Quiet hours that are no span of the clock.
        case quietHours(String)
        /// A reminder time that is no time of day.
        case time(String)
        /// A reminder time inside the quiet hours.
        case timeInQuietHours(String, QuietHours)
    }

    /// The first thing asked that cannot be; nil when the calendar can be written as asked.
    public var conflict: Conflict? {
        guard let quiet = QuietHours(parsing: quietHours) else { return .quietHours(quietHours) }
        guard let minute = QuietHours.minuteOfDay(parsing: at) else { return .time(at) }
        if quiet.contains(minuteOfDay: minute) { return .timeInQuietHours(at, quiet) }
        return nil
    }

    /// What was written.
    public struct Result: Sendable {
        /// The reminders, day by day.
        public let reminders: PracticeReminders
        /// The quiet hours they keep out of.
        public let quiet: QuietHours
        /// Whether the learner has no sessions yet (practice is due today).
        public let noSessions: Bool
    }

    /// Reads the learner's progress from `store` and writes the calendar of what is due from
    /// `today` (from tomorrow once `at` has passed at `nowMinuteOfDay`). `now` gives each event its stable identity.
    public func write(from store: ProgressStore, now: Date, today: CalendarDay, nowMinuteOfDay: Int?) throws -> Result {
        let recorded = try store.read()
        let quiet = QuietHours(parsing: quietHours) ?? .standard
        let reminders = PracticeReminders(
            progress: recorded, today: today,
            minuteOfDay: QuietHours.minuteOfDay(parsing: at) ?? PracticeReminders.defaultMinuteOfDay, quiet: quiet,
            nowMinuteOfDay: nowMinuteOfDay)
        let text = ICalendarText.text(reminders, identity: CalendarIdentity(progressFile: store.path, now: now))
        try AtomicFile.write(text, to: icsPath)
        return Result(reminders: reminders, quiet: quiet, noSessions: recorded.sessions.isEmpty)
    }
}
