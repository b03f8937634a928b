/// The practice days a calendar should remind the learner of, under the
/// design's anti-nag rules, applied once over everything due: at most two
/// reminders a day, at least four hours apart, none in the quiet hours.
///
/// Each direction's coming practice days are its next due day (today when
/// it is due now, or when it has had no level lesson yet, as `koch status`
/// says) and then every `intervalDays` after, as long as the lessons keep
/// the interval, up to `horizonDays` ahead; level reviews on their days;
/// and a streak reminder on the day the streak would end without practice.
/// No reminder is put where it has already passed: once today's time has
/// gone by, what falls due today is reminded of the next day at that time.
/// Each reminder has a stable identity (`uid`): exported again after more
/// practice, the same reminder moves to its new day instead of a new one
/// being added.
public struct PracticeReminders: Sendable, Hashable {
    public static let maximumPerDay = 2
    public static let minimumGapMinutes = 4 * 60
    /// The streak reminder of the design: once a streak reaches this, on the day it is at stake.
    public static let streakReminderMinimumDays = 3
    /// When a day's first reminder sounds unless the learner chooses another time: 18:00.
    public static let defaultMinuteOfDay = 18 * 60
    /// How far ahead practice days are put in the calendar: four weeks, as the longest interval is 30 days.
    public static let horizonDays = 28

    /// One thing to be reminded of.
    public struct Item: Sendable, Hashable {
        /// Stable across exports: `practice-receive`, `practice-receive-2` (the second coming
        /// practice day), `review-send-5`, `streak`.
        public let uid: String
        public let summary: String
    }

    /// A reminder in the calendar: its day and time, what it is for first, and anything else
    /// due that day that could not have a reminder of its own.
    public struct Reminder: Sendable, Hashable {
        public let day: CalendarDay
        public let minuteOfDay: Int
        public let item: Item
        public let alsoDue: [Item]
        public var uid: String { item.uid }
    }

    public let reminders: [Reminder]
    /// The first day a reminder sounds on: today, or tomorrow when today's time had passed.
    public let firstDay: CalendarDay

    /// - Parameters:
    ///   - minuteOfDay: when the day's first reminder sounds (`defaultMinuteOfDay` by default); outside the quiet hours.
    ///   - practisedToday: whether there was a session on `today` (no streak reminder then).
    ///   - nowMinuteOfDay: the time it is now on `today`, if known: at or after `minuteOfDay`, the reminders start tomorrow.
    public init(
        learner: LearnerState, today: CalendarDay, practisedToday: Bool, minuteOfDay: Int = defaultMinuteOfDay, quiet: QuietHours = .standard,
        nowMinuteOfDay: Int? = nil
    ) {
        let firstDay = nowMinuteOfDay.map { $0 >= minuteOfDay } == true ? today.adding(days: 1) : today
        self.firstDay = firstDay
        var items: [(day: CalendarDay, item: Item)] = []
        for direction in Direction.allCases {
            items += Self.practiceDays(learner[direction], today: today, firstDay: firstDay)
            items += learner[direction].pendingReviews.map { review in
                let command = "koch lesson --level \(review.level)\(direction == .send ? " --direction send" : "")"
                return (
                    max(review.dueDay, firstDay),
                    Item(
                        uid: "review-\(direction.rawValue)-\(review.level)",
                        summary: "Morse review: \(direction.rawValue) level \(review.level) (\(command))")
                )
            }
        }
        let streak = learner.streakDays(asOf: today)
        // The streak is at stake today only: with today's time gone by, no reminder can still save it.
        if !practisedToday, firstDay == today, streak >= Self.streakReminderMinimumDays, learner.streakIsAtStake(on: today) {
            items.append((today, Item(uid: "streak", summary: "Keep your \(streak)-day Morse streak: practise today")))
        }
        var reminders: [Reminder] = []
        let slots = Self.slots(first: minuteOfDay, quiet: quiet)
        for day in Set(items.map(\.day)).sorted() {
            let due = items.filter { $0.day == day }.map(\.item)
            // The first items get a reminder each, as many as the day allows; the rest ride on the last.
            for (index, item) in due.prefix(slots.count).enumerated() {
                let rest = index == slots.count - 1 ? Array(due.dropFirst(slots.count)) : []
                reminders.append(Reminder(day: day, minuteOfDay: slots[index], item: item, alsoDue: rest))
            }
        }
        self.reminders = reminders
    }

    /// A direction's coming practice days: the next due day (today if due now or never scheduled),
    /// then every interval after, within `horizonDays` of today; a day before `firstDay` (today,
    /// its time gone by) is reminded of on `firstDay`, once.
    static func practiceDays(_ progress: DirectionProgress, today: CalendarDay, firstDay: CalendarDay) -> [(day: CalendarDay, item: Item)] {
        let name = progress.direction.rawValue
        let summary = "Morse practice due: \(name), level \(progress.level)"
        var day = max(progress.nextDueDay ?? today, today)
        let last = today.adding(days: horizonDays)
        var dates: [CalendarDay] = []
        while day <= last {
            let coming = max(day, firstDay)
            if dates.last != coming { dates.append(coming) }
            // Never scheduled: only today is known.
            guard progress.nextDueDay != nil else { break }
            day = day.adding(days: max(1, progress.intervalDays))
        }
        return dates.enumerated().map { index, day in
            (day, Item(uid: "practice-\(name)" + (index == 0 ? "" : "-\(index + 1)"), summary: summary))
        }
    }

    /// The times a day's reminders may sound: `first`, then (for a second) four hours before
    /// it, else four hours after, if outside the quiet hours.
    static func slots(first: Int, quiet: QuietHours) -> [Int] {
        var slots = [first]
        for candidate in [first - minimumGapMinutes, first + minimumGapMinutes]
        where (0..<(24 * 60)).contains(candidate) && !quiet.contains(minuteOfDay: candidate) {
            slots.append(candidate)
            break
        }
        return slots
    }
}
