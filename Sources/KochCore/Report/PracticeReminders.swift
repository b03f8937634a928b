/// The practice days a calendar should remind the learner of, under the
/// design's anti-nag rules: at most two reminders a day, at least four
/// hours apart, none in the quiet hours. Each reminder has a stable
/// identity (`uid`): exported again after more practice, the same
/// reminder moves to its new day instead of a new one being added.
public struct PracticeReminders: Sendable, Hashable {
    public static let maximumPerDay = 2
    public static let minimumGapMinutes = 4 * 60
    /// The streak reminder of the design: for today, with no practice yet that day, once a streak reaches this.
    public static let streakReminderMinimumDays = 3
    /// When a day's first reminder sounds unless the learner chooses another time: 18:00.
    public static let defaultMinuteOfDay = 18 * 60

    /// One thing to be reminded of.
    public struct Item: Sendable, Hashable {
        /// Stable across exports: `practice-receive`, `review-send-5`, `streak`.
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

    /// - Parameters:
    ///   - minuteOfDay: when the day's first reminder sounds (`defaultMinuteOfDay` by default); outside the quiet hours.
    ///   - practisedToday: whether there was a session on `today` (no streak reminder then).
    public init(
        learner: LearnerState, today: CalendarDay, practisedToday: Bool, minuteOfDay: Int = defaultMinuteOfDay, quiet: QuietHours = .standard
    ) {
        var items: [(day: CalendarDay, item: Item)] = []
        for direction in Direction.allCases {
            let progress = learner[direction]
            if let due = progress.nextDueDay {
                items.append(
                    (
                        max(due, today),
                        Item(uid: "practice-\(direction.rawValue)", summary: "Morse practice due: \(direction.rawValue), level \(progress.level)")
                    ))
            }
            for review in progress.pendingReviews {
                items.append(
                    (
                        max(review.dueDay, today),
                        Item(
                            uid: "review-\(direction.rawValue)-\(review.level)",
                            summary:
                                "Morse review: \(direction.rawValue) level \(review.level) (koch lesson --level \(review.level)\(direction == .send ? " --direction send" : ""))"
                        )
                    ))
            }
        }
        let streak = learner.streakDays(asOf: today)
        if !practisedToday, streak >= Self.streakReminderMinimumDays {
            items.append((today, Item(uid: "streak", summary: "Keep your \(streak)-day Morse streak: practise today")))
        }
        var reminders: [Reminder] = []
        let days = Set(items.map(\.day)).sorted()
        for day in days {
            let due = items.filter { $0.day == day }.map(\.item)
            let slots = Self.slots(first: minuteOfDay, quiet: quiet)
            // The first items get a reminder each, as many as the day allows; the rest ride on the last.
            for (index, item) in due.prefix(slots.count).enumerated() {
                let rest = index == slots.count - 1 ? Array(due.dropFirst(slots.count)) : []
                reminders.append(Reminder(day: day, minuteOfDay: slots[index], item: item, alsoDue: rest))
            }
        }
        self.reminders = reminders
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
