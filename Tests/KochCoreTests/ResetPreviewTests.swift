import KochCore
import Testing

/// What a reset would do, told before anything changes.
@Suite struct ResetPreviewTests {
    /// Receive level 4 from two passing level lessons, and one send session.
    let progress = LearnerProgress(sessions: [
        session(day: 0, correct: 95), session(day: 1, correct: 95, level: 3), session(day: 2, correct: 50, direction: .send),
    ])

    @Test func aProgressWithoutSessionsHasNothingToReset() {
        #expect(ResetPreview(progress: LearnerProgress(sessions: []), direction: nil) == .nothingRecorded)
    }

    @Test func aDirectionWithoutSessionsHasNothingToReset() {
        let receiveOnly = LearnerProgress(sessions: [session(day: 0, correct: 95)])
        #expect(ResetPreview(progress: receiveOnly, direction: .send) == .nothingInDirection)
    }

    @Test func resettingBothDirectionsRemovesEverySessionAndUndoesBothLevels() throws {
        guard case .removes(let removal) = ResetPreview(progress: progress, direction: nil) else {
            Issue.record("expected a removal")
            return
        }
        #expect(removal.sessionCount == 3)
        #expect(removal.levels == [.receive: 4, .send: 2])
    }

    @Test func resettingOneDirectionRemovesOnlyItsSessions() {
        guard case .removes(let removal) = ResetPreview(progress: progress, direction: .receive) else {
            Issue.record("expected a removal")
            return
        }
        #expect(removal.sessionCount == 2)
        #expect(removal.levels == [.receive: 4])
    }

    @Test func aResetDirectionStartsAgainAtTheFirstLevel() {
        #expect(ResetPreview.restartLevel == KochCourse.firstLevel)
    }
}
