import Foundation
import KochCore
import Testing

@Suite struct StatusReportTests {
    @Test func aStatusReportHoldsBothDirectionsWithAccuracyToFourDecimals() throws {
        let learner = LearnerState(progress: LearnerProgress(sessions: [session(day: 0, correct: 2, sent: 3)]))
        let report = StatusReport(progressFile: "progress.json", today: day(1), learner: learner)
        #expect(report.today == "2026-11-02" && report.progressFile == "progress.json")
        #expect(report.receive.direction == .receive && report.send.direction == .send)
        #expect(report.receive.sessions == 1 && report.receive.accuracy == 0.6667)
        #expect(report.send.sessions == 0 && report.send.accuracy == nil)
        #expect(report.streak == learner.streakDays(asOf: day(1)))
    }
}
