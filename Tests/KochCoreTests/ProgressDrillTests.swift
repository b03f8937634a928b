import Foundation
import Testing
@testable import KochCore

/// Lessons that are not a level's (a drill of chosen characters, a QSO, a
/// text) count for the schedule and statistics but never move the level.
@Suite struct ProgressDrillTests {
    func drill(day: Int, correct: Int) -> GradedSession {
        var drill = session(day: day, correct: correct, id: "drill-\(day)")
        drill.countsTowardLevel = false
        return drill
    }

    @Test func aPerfectDrillDoesNotMoveTheLevel() {
        #expect(replay([drill(day: 0, correct: 100)]).level == 2)
        #expect(replay([drill(day: 0, correct: 100), session(day: 1, correct: 95)]).level == 3)
    }

    @Test func aDrillCountsForTheScheduleAndTheStreak() {
        let progress = replay([session(day: 0, correct: 95), drill(day: 1, correct: 95)])
        #expect(progress.sessionCount == 2)
        #expect(progress.streak.days(asOf: day(1), dueDay: progress.nextDueDay) == 2)
    }

    @Test func aDrillIsKeyedFromItsSettings() throws {
        var settings = LessonSettings()
        settings.customCharacters = "KMRS"
        settings.introduction = false
        let key = AnswerKey(lesson: try Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: 0))
        let score = Score(key: key, transcript: key.sentText)
        let graded = GradedSession(key: key, score: score, date: session(day: 0, correct: 1).date, gradedAt: session(day: 0, correct: 1).date)
        #expect(!graded.countsTowardLevel)
        let encoded = String(decoding: try JSONEncoder().encode(graded), as: UTF8.self)
        #expect(encoded.contains("\"countsTowardLevel\":false"))
        let plain = String(decoding: try JSONEncoder().encode(session(day: 0, correct: 1)), as: UTF8.self)
        #expect(!plain.contains("countsTowardLevel"))
        #expect(try JSONDecoder().decode(GradedSession.self, from: Data(plain.utf8)).countsTowardLevel)
    }
}
