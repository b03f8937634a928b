import Foundation
import KochCore
import Testing

/// A date given for a session is refused only when it cannot yet have come
/// anywhere on Earth: a day alone by its day, a time by the clock.
@Suite struct SessionDateProblemTests {
    static let utc = TimeZone(identifier: "UTC")
    /// 10:19 UTC: already the next day where the day begins first (UTC+14).
    static let now = LocalTimestamp.parse("2026-11-24T10:19Z", timeZone: utc)!.date
    static let created = LocalTimestamp.parse("2026-11-20T08:00Z", timeZone: utc)!.date

    static func check(_ text: String) -> SessionDateProblem? {
        let done = LocalTimestamp.parse(text, timeZone: utc)!
        return SessionDateProblem.check(done: done, now: now, lessonCreatedAt: created, timeGiven: LocalTimestamp.givesTimeOfDay(text))
    }

    @Test func todayWhereTheDayBeginsFirstIsNotInTheFutureGivenAsADay() {
        #expect(Self.check("2026-11-25") == nil, "a day alone is read as its noon, and judged by its day")
        #expect(Self.check("2026-11-24") == nil)
    }

    @Test func aTimeNotYetReachedAnywhereIsInTheFuture() {
        #expect(Self.check("2026-11-25T12:00") != nil, "noon on the 25th in UTC is more than 14 hours ahead")
        #expect(Self.check("2026-11-26") != nil, "no clock on Earth shows the 26th yet")
        #expect(Self.check("2026-11-24T20:00") == nil)
    }

    @Test func aDayBeforeTheLessonIsRefused() {
        #expect(Self.check("2026-11-19") != nil)
        #expect(Self.check("2026-11-20") == nil)
    }

    @Test func whetherATimeOfDayIsGivenIsReadFromTheText() {
        #expect(LocalTimestamp.givesTimeOfDay("2026-11-21T19:30"))
        #expect(LocalTimestamp.givesTimeOfDay(" 2026-11-21 19:30:05 "))
        #expect(!LocalTimestamp.givesTimeOfDay("2026-11-21"))
        #expect(!LocalTimestamp.givesTimeOfDay("2026-11-21Z"))
    }
}
