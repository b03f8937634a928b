import Foundation
import KochCore
import KochIO
import Testing

/// What `koch status` and `koch chart` print from, as a front end asks it of a progress file and a day.
@Suite final class ProgressStoreStatusTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-status-\(UUID().uuidString)").path
    var store: ProgressStore { ProgressStore(path: folder + "/progress.json") }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Two passing receive level lessons on 2026-11-27 and 28, at level 2 then 3.
    func record() throws {
        let sessions = (0..<2).map { index in
            let timestamp = LocalTimestamp(date: Date(timeIntervalSince1970: 1_795_809_600 + Double(index) * 86_400), utcOffsetSeconds: 0)
            return GradedSession(
                lessonID: "R0\(index + 2)-\(index)", direction: .receive, course: .letters, level: index + 2, date: timestamp, gradedAt: timestamp,
                sent: 100, correct: 95, inserted: 0, characters: [:])
        }
        try store.update { _ in (LearnerProgress(sessions: sessions), ()) }
    }

    @Test func aNewLearnersStatusSaysTheFileIsNotYetMade() throws {
        let found = try store.status(on: CalendarDay(year: 2026, month: 11, day: 28)!)
        #expect(!found.fileExists)
        #expect(found.path == store.path)
        #expect(found.status.directions.map(\.status.level) == [2, 2])
        #expect(found.status.streakDays == 0)
    }

    @Test func theStatusIsWorkedOutFromTheSessionsForTheDayGiven() throws {
        try record()
        let day = CalendarDay(year: 2026, month: 11, day: 28)!
        let found = try store.status(on: day)
        #expect(found.fileExists)
        #expect(found.status.today == day)
        #expect(found.status.directions.map(\.status.direction) == [.receive, .send])
        #expect(found.status.directions[0].status.level == 4)
        #expect(found.status.streakDays == 2)
        #expect(found.status.selfScoredAdvice == nil)
    }

    @Test func theChartIsMarkedWithTheLearnersLevels() throws {
        try record()
        let found = try store.chart(course: nil)
        #expect(found.chart.course == .letters)
        #expect(found.levels == [.receive: 4, .send: 2])
        #expect(found.chart.rows.filter { $0.unlockedIn.contains(.receive) }.count == 4)
        #expect(try store.chart(course: .full).chart.course == .full)
    }
}
