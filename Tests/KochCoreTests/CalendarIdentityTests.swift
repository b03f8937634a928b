import Foundation
import KochPresentation
import Testing

@testable import KochCore

/// What a calendar export's events are known by.
@Suite struct CalendarIdentityTests {
    let now = Date(timeIntervalSince1970: 1_795_867_200)

    @Test func theStampIsTheMomentOfTheExportInUTC() {
        #expect(CalendarIdentity(learnerToken: "abc", now: now).stampUTC == "20261128T120000Z")
    }

    @Test func theSequenceGrowsFromOneExportToTheNext() {
        let first = CalendarIdentity(learnerToken: "abc", now: now)
        let next = CalendarIdentity(learnerToken: "abc", now: now.addingTimeInterval(60))
        #expect(first.sequence == Int((1_795_867_200 - 1_577_836_800) / 60))
        #expect(next.sequence == first.sequence + 1)
        #expect(CalendarIdentity(learnerToken: "abc", now: Date(timeIntervalSince1970: 0)).sequence == 0)
    }

    @Test func everyEventCarriesTheIdentity() {
        let learner = LearnerState(progress: LearnerProgress(sessions: [session(day: 0, correct: 95)]))
        let reminders = PracticeReminders(learner: learner, today: day(1), practisedToday: false)
        let text = ICalendarText.text(reminders, identity: CalendarIdentity(learnerToken: "abc", now: now))
        #expect(text.contains("UID:practice-receive-abc@koch\r\n"))
        #expect(text.contains("DTSTAMP:20261128T120000Z\r\n"))
        #expect(text.contains("SEQUENCE:3633840\r\n"))
    }
}
