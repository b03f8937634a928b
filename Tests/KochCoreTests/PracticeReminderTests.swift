import Testing

@testable import KochCore
@testable import KochPresentation

/// The anti-nag rules of the design: at most two reminders a day, four hours apart, none in the quiet hours.
@Suite struct PracticeReminderTests {
    /// Receive and send both due on day 2, and a review of level 3 due then too (a level-up on day -5).
    func learner() -> LearnerState {
        LearnerState(
            progress: LearnerProgress(sessions: [
                session(day: -5, correct: 95, id: "up"), session(day: 0, correct: 95, level: 3),
                session(day: 0, correct: 95, direction: .send, id: "send"),
            ]))
    }

    @Test func threeThingsDueOnOneDayMakeTwoRemindersFourHoursApart() {
        let reminders = PracticeReminders(learner: learner(), today: day(1), practisedToday: false)
        let onDay = Dictionary(grouping: reminders.reminders, by: \.day)
        for (_, list) in onDay {
            #expect(list.count <= PracticeReminders.maximumPerDay)
            if list.count == 2 { #expect(abs(list[0].minuteOfDay - list[1].minuteOfDay) >= PracticeReminders.minimumGapMinutes) }
            #expect(list.allSatisfy { !QuietHours.standard.contains(minuteOfDay: $0.minuteOfDay) })
        }
        // Nothing is dropped: what has no reminder of its own rides on the day's last.
        let named = reminders.reminders.flatMap { [$0.item.uid] + $0.alsoDue.map(\.uid) }
        let learner = learner()
        var expected: Set<String> = ["practice-receive", "practice-send"]
        for direction in Direction.allCases {
            for review in learner[direction].pendingReviews { expected.insert("review-\(direction.rawValue)-\(review.level)") }
        }
        // The coming practice days after the next (`practice-receive-2`, ...) aside.
        let nextOnly = named.filter { !($0.hasPrefix("practice-") && $0.last?.isNumber == true) }
        #expect(Set(nextOnly) == expected)
        #expect(Set(named).count == named.count, "each once")
        #expect(onDay.values.contains { $0.count == 2 }, "a day with more than one thing due gets two reminders")
    }

    @Test func aSecondReminderThatWouldFallInTheQuietHoursIsFoldedIntoTheFirst() {
        let late = PracticeReminders(
            learner: learner(), today: day(1), practisedToday: false, minuteOfDay: 21 * 60 + 30,
            quiet: QuietHours(startMinute: 22 * 60, endMinute: 18 * 60))
        // Only 18:00-22:00 is allowed: no room for a second reminder four hours from 21:30.
        #expect(Dictionary(grouping: late.reminders, by: \.day).values.allSatisfy { $0.count == 1 })
        #expect(late.reminders.flatMap(\.alsoDue).count >= 1)
    }

    @Test func whatFallsDueTodayAfterItsTimeHasPassedIsRemindedOfTomorrowOnce() {
        let due = learner()
        let dueDay = day(2)
        let before = PracticeReminders(learner: due, today: dueDay, practisedToday: false, minuteOfDay: 7 * 60, nowMinuteOfDay: 6 * 60)
        let after = PracticeReminders(learner: due, today: dueDay, practisedToday: false, minuteOfDay: 7 * 60, nowMinuteOfDay: 7 * 60 + 30)
        #expect(before.firstDay == dueDay && before.reminders.first?.day == dueDay)
        #expect(after.firstDay == dueDay.adding(days: 1))
        #expect(after.reminders.allSatisfy { $0.day > dueDay }, "\(after.reminders)")
        // Nothing is lost and nothing doubled: the same things to remind of, each once.
        let uids = { (reminders: PracticeReminders) in reminders.reminders.flatMap { [$0.uid] + $0.alsoDue.map(\.uid) } }
        #expect(Set(uids(after)).isSuperset(of: ["practice-receive", "practice-send"]))
        #expect(Set(uids(after)).count == uids(after).count)
        let days = after.reminders.filter { $0.item.summary.contains("receive") && $0.uid.hasPrefix("practice-") }.map(\.day)
        #expect(Set(days).count == days.count, "\(days)")
    }

    @Test func quietHoursReadAsASpanThatMayCrossMidnight() {
        let quiet = QuietHours(parsing: "22:00-08:00")
        #expect(quiet?.contains(minuteOfDay: 23 * 60) == true)
        #expect(quiet?.contains(minuteOfDay: 7 * 60) == true)
        #expect(quiet?.contains(minuteOfDay: 12 * 60) == false)
        #expect(QuietHours(parsing: "13-15")?.contains(minuteOfDay: 14 * 60) == true)
        #expect(QuietHours(parsing: "25:00-08:00") == nil)
    }

    @Test func aStreakOfThreeIsRemindedOfOnlyWhenNotYetPractisedToday() {
        let learner = LearnerState(progress: LearnerProgress(sessions: (0..<3).map { session(day: $0, correct: 80, id: "d\($0)") }))
        let notYet = PracticeReminders(learner: learner, today: day(3), practisedToday: false)
        #expect(notYet.reminders.contains { $0.uid == "streak" } || notYet.reminders.flatMap(\.alsoDue).contains { $0.uid == "streak" })
        let done = PracticeReminders(learner: learner, today: day(3), practisedToday: true)
        #expect(!done.reminders.contains { $0.uid == "streak" })
    }

    /// With a streak that the schedule keeps safe until a later due day, today is not at stake: no nagging.
    @Test func theStreakIsRemindedOfOnlyOnTheDayItWouldEnd() throws {
        let learner = LearnerState(progress: LearnerProgress(sessions: (0..<4).map { session(day: $0, correct: 95, id: "d\($0)") }))
        let due = try #require(learner.nextDueDay)
        #expect(due > day(4))
        let safe = PracticeReminders(learner: learner, today: day(4), practisedToday: false)
        #expect(!safe.reminders.contains { $0.uid == "streak" || $0.alsoDue.contains { $0.uid == "streak" } })
        let atStake = PracticeReminders(learner: learner, today: due, practisedToday: false)
        #expect(atStake.reminders.contains { $0.uid == "streak" || $0.alsoDue.contains { $0.uid == "streak" } })
    }

    /// Each direction's practice days come every interval after the next, within the horizon, and
    /// a direction never scheduled is due today, as `koch status` says.
    @Test func theComingPracticeDaysOfBothDirectionsAreListed() {
        let learner = LearnerState(progress: LearnerProgress(sessions: [session(day: 0, correct: 80, id: "r")]))
        let reminders = PracticeReminders(learner: learner, today: day(0), practisedToday: true)
        let receive = reminders.reminders.filter { $0.uid.hasPrefix("practice-receive") }
        let interval = learner[.receive].intervalDays
        #expect(receive.count == PracticeReminders.horizonDays / interval)
        #expect(zip(receive, receive.dropFirst()).allSatisfy { $0.day.days(until: $1.day) == interval })
        let send = reminders.reminders.filter { $0.uid.hasPrefix("practice-send") }
        #expect(send.map(\.day) == [day(0)])
    }

    @Test func theCalendarTextFoldsLongLinesAndEscapesText() {
        #expect(ICalendarText.escaped("a, b; c\\d\ne") == "a\\, b\\; c\\\\d\\ne")
        let folded = ICalendarText.folded("DESCRIPTION:" + String(repeating: "é", count: 60))
        #expect(folded.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    }
}
