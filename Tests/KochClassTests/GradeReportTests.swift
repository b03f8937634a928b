import Foundation
import KochClass
import KochCore
import Testing

@Suite struct GradeReportTests {
    @Test func aGradeReportGivesTheScoreAndTheOutcomeOfACopy() throws {
        var settings = LessonSettings()
        settings.minutes = 0.5
        settings.introduction = false
        let key = AnswerKey(lesson: try Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: 0))
        // Every group right but the first character of the first.
        var groups = key.groups.map(\.text)
        groups[0] = "?" + groups[0].dropFirst()
        let score = Score(key: key, transcript: groups.joined(separator: " "))
        let done = LocalTimestamp(date: Date(timeIntervalSince1970: 1_764_000_000), utcOffsetSeconds: 0)
        let session = GradedSession(key: key, score: score, date: done, gradedAt: done)
        let outcome = GradeOutcome(progress: LearnerProgress(), session: session)

        let report = GradeReport(score: score, outcome: outcome, today: done.day, recorded: false, progressFile: "progress.json")
        #expect(report.lessonID == key.lessonID && report.direction == .receive)
        #expect(report.sent == score.sent && report.correct == score.sent - 1 && report.missed + report.substituted == 1)
        #expect(report.accuracy == score.accuracy.roundedTo4Decimals && report.accuracy < 1)
        #expect(report.level.before == settings.level && !report.recorded)
        #expect(report.recording == nil && report.fist == nil)
    }
}
