import Foundation
import KochCore
import Testing

@Suite struct ProgressStreakTests {
    @Test func streakCountsConsecutiveCalendarDays() {
        var streak = Streak()
        var seen: [Int] = []
        for offset in [0, 0, 1, 2, 4, 5] {
            streak.record(day(offset))
            seen.append(streak.days)
        }
        #expect(seen == [1, 1, 2, 3, 1, 2])
        #expect(streak.longestDays == 3)
    }

    @Test func streakIsBrokenOnceAWholeDayPassesWithoutPractice() {
        let learner = LearnerState(progress: LearnerProgress(sessions: [session(day: 0, correct: 80), session(day: 1, correct: 80)]))
        #expect(learner.streakDays(asOf: day(2)) == 2)
        #expect(learner.streakDays(asOf: day(3)) == 0)
        #expect(learner.streak.longestDays == 2)
    }

    @Test func streakDaysAreTheLearnersLocalDays() {
        // 23:30 and 00:30 the next evening in UTC+1 are two local days,
        // though both fall on the same UTC day.
        let late = session(day: 0, correct: 80, hour: 23, utcOffsetSeconds: 3600)
        let early = session(day: 1, correct: 80, hour: 0, utcOffsetSeconds: 3600)
        #expect(late.date.day == day(0))
        #expect(early.date.day == day(1))
        #expect(LearnerState(progress: LearnerProgress(sessions: [late, early])).streak.days == 2)
    }

    @Test func oneStreakForBothDirections() {
        let learner = LearnerState(
            progress: LearnerProgress(sessions: [
                session(day: 0, correct: 95), session(day: 1, correct: 95, direction: .send), session(day: 2, correct: 95),
            ]))
        #expect(learner.streak.days == 3)
        #expect(learner.streakDays(asOf: day(3)) == 3)
    }

    @Test func aDueDayInEitherDirectionBreaksTheStreakWhenMissed() {
        // Receive is due on day 1 (interval 1 after a 50 % session); send on day 2.
        let sessions = [session(day: 0, correct: 50), session(day: 0, correct: 95, direction: .send), session(day: 2, correct: 95, direction: .send)]
        let learner = LearnerState(progress: LearnerProgress(sessions: sessions))
        #expect(learner.streak.days == 1)
    }

    @Test func timestampsKeepTheirOffsetThroughText() throws {
        let parsed = try #require(LocalTimestamp.parse("2026-11-21T19:30+01:00", timeZone: nil))
        #expect(parsed.description == "2026-11-21T19:30:00+01:00")
        #expect(parsed.day == CalendarDay(year: 2026, month: 11, day: 21))
        #expect(parsed.date == Date(timeIntervalSince1970: 1_795_285_800))
        let local = try #require(LocalTimestamp.parse("2026-11-21T19:30", timeZone: TimeZone(identifier: "America/New_York")))
        #expect(local.utcOffsetSeconds == -5 * 3600)
        #expect(LocalTimestamp.parse("2026-02-30T10:00Z", timeZone: nil) == nil)
        #expect(LocalTimestamp.parse("2026-11-21T19:30", timeZone: nil) == nil)
    }

    @Test func calendarDaysRoundTrip() {
        for offset in stride(from: -800_000, through: 800_000, by: 997) {
            let day = CalendarDay(daysSinceEpoch: offset)
            let (year, month, dayOfMonth) = day.components
            #expect(CalendarDay(year: year, month: month, day: dayOfMonth) == day)
        }
        #expect(CalendarDay(year: 1970, month: 1, day: 1)?.daysSinceEpoch == 0)
        #expect(CalendarDay(year: 2026, month: 11, day: 21)?.isoWeekday == 6)
    }
}
