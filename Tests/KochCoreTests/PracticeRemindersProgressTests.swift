import KochCore
import Testing

/// Reminders made from a learner's recorded progress, and the defaults a calendar export uses.
@Suite struct PracticeRemindersProgressTests {
    let progress = LearnerProgress(sessions: (0..<3).map { session(day: $0, correct: 80, id: "d\($0)") })

    func remindsOfTheStreak(_ reminders: PracticeReminders) -> Bool {
        reminders.reminders.contains { $0.uid == "streak" || $0.alsoDue.contains { $0.uid == "streak" } }
    }

    @Test func aSessionTodayHoldsBackTheStreakReminder() {
        #expect(progress.practised(on: day(2)))
        #expect(!remindsOfTheStreak(PracticeReminders(progress: progress, today: day(2))))
    }

    @Test func noSessionYetTodayKeepsTheStreakReminder() {
        #expect(!progress.practised(on: day(3)))
        #expect(remindsOfTheStreak(PracticeReminders(progress: progress, today: day(3))))
    }

    @Test func theFirstReminderSoundsAtSixInTheEveningByDefault() {
        let reminders = PracticeReminders(progress: progress, today: day(3))
        #expect(PracticeReminders.defaultMinuteOfDay == 18 * 60)
        #expect(reminders.reminders.first?.minuteOfDay == PracticeReminders.defaultMinuteOfDay)
        #expect(QuietHours.clock(PracticeReminders.defaultMinuteOfDay) == "18:00")
    }

    @Test func theStandardQuietHoursAreWrittenAsTheSpanTheyAreReadFrom() {
        #expect(QuietHours.standard.spanText == "22:00-08:00")
        #expect(QuietHours(parsing: QuietHours.standard.spanText) == .standard)
    }
}
