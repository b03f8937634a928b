import Foundation
import KochCore
import Testing

@Suite struct StatusReportTests {
    @Test func aStatusReportHoldsBothDirectionsWithAccuracyToFourDecimals() throws {
        let progress = LearnerProgress(sessions: [session(day: 0, correct: 2, sent: 3)])
        let learner = LearnerState(progress: progress)
        let report = StatusReport(progressFile: "progress.json", today: day(1), progress: progress)
        #expect(report.today == "2026-11-02" && report.progressFile == "progress.json")
        #expect(report.receive.direction == .receive && report.send.direction == .send)
        #expect(report.receive.sessions == 1 && report.receive.accuracy == 0.6667)
        #expect(report.send.sessions == 0 && report.send.accuracy == nil)
        #expect(report.streak == learner.streakDays(asOf: day(1)))
        #expect(report.selfScored.sessions == 0 && report.selfScored.last == nil)
    }

    @Test func theSelfScoredSummaryCountsSpokenLessonsInEitherDirectionAndNamesTheLast() throws {
        var first = session(day: 0, correct: 8, sent: 10)
        first.kind = .spoken
        var last = session(day: 2, correct: 11, sent: 12, direction: .send)
        last.kind = .spoken
        let progress = LearnerProgress(sessions: [last, session(day: 1, correct: 50), first])
        let summary = SelfScoredSummary(progress: progress)
        #expect(summary.sessionCount == 2)
        #expect(summary.last == SelfScoredSummary.Last(day: day(2), itemsRight: 11, items: 12))
        let report = StatusReport(progressFile: "progress.json", today: day(3), progress: progress)
        #expect(report.selfScored.sessions == 2 && report.selfScored.last?.day == "2026-11-03")
        #expect(report.selfScored.last?.itemsRight == 11 && report.selfScored.last?.items == 12)
    }
}
