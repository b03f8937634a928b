import Foundation
import KochCore
import KochIO
import KochLessons
import Testing

/// A calendar of practice as a front end asks it: the times refused, and the file written.
@Suite struct ScheduleRequestTests {
    @Test func theDefaultsHaveNoConflict() {
        #expect(ScheduleRequest(icsPath: "m.ics").conflict == nil)
    }

    @Test func quietHoursAndTimesThatAreNoneAreRefused() {
        var request = ScheduleRequest(icsPath: "m.ics")
        request.quietHours = "late"
        #expect(request.conflict == .quietHours("late"))
        request.quietHours = "22:00-08:00"
        request.at = "6pm"
        #expect(request.conflict == .time("6pm"))
    }

    @Test func aReminderInTheQuietHoursIsRefused() throws {
        var request = ScheduleRequest(icsPath: "m.ics")
        request.at = "23:00"
        #expect(request.conflict == .timeInQuietHours("23:00", try #require(QuietHours(parsing: "22:00-08:00"))))
    }

    @Test func aNewLearnersCalendarIsWrittenWithPracticeDueToday() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-schedule-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = ScheduleRequest(icsPath: folder + "/m.ics")
        request.at = "07:30"
        let today = try #require(CalendarDay(year: 2026, month: 11, day: 28))

        let written = try request.write(
            from: ProgressStore(path: folder + "/progress.json"), now: Date(timeIntervalSince1970: 1_790_000_000), today: today,
            nowMinuteOfDay: 6 * 60)

        #expect(written.noSessions)
        #expect(written.reminders.firstDay == today)
        #expect(written.reminders.reminders.first?.minuteOfDay == 7 * 60 + 30)
        #expect(try String(contentsOfFile: folder + "/m.ics", encoding: .utf8).hasPrefix("BEGIN:VCALENDAR"))
    }
}
