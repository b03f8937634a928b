import Foundation
import KochClass
import KochCore
import KochIO
import Testing

/// The one rule of recording a graded session, through a progress file in process.
@Suite struct SessionRecordingTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-progress-\(UUID().uuidString).json").path

    func session() throws -> GradedSession {
        var settings = LessonSettings()
        settings.minutes = 0.5
        settings.introduction = false
        let key = AnswerKey(lesson: try Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: 0))
        let score = Score(key: key, transcript: key.groups.map(\.text).joined(separator: " "))
        let done = LocalTimestamp(date: Date(timeIntervalSince1970: 1_764_000_000), utcOffsetSeconds: 0)
        return GradedSession(key: key, score: score, date: done, gradedAt: done)
    }

    @Test func aDryRunGivesTheOutcomeAndWritesNothing() throws {
        let store = ProgressStore(path: path)
        let (outcome, failure) = try SessionRecording.outcome(of: try session(), in: store, replace: false, dryRun: true)
        #expect(failure == nil && outcome.session.correct == outcome.session.sent)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aLessonIsRecordedOnceUnlessItReplacesTheEarlierResult() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = ProgressStore(path: path)
        let graded = try session()
        _ = try SessionRecording.outcome(of: graded, in: store, replace: false, dryRun: false)
        #expect(try store.read().sessions.count == 1)
        #expect(throws: SessionRecording.Refusal.self) {
            try SessionRecording.outcome(of: graded, in: store, replace: false, dryRun: false)
        }
        // A dry run shows it graded again in the earlier result's place.
        let (dry, _) = try SessionRecording.outcome(of: graded, in: store, replace: false, dryRun: true)
        #expect(dry.replaced != nil)
        let (replaced, _) = try SessionRecording.outcome(of: graded, in: store, replace: true, dryRun: false)
        let sessions = try store.read().sessions
        #expect(replaced.replaced != nil && sessions.count == 1)
    }
}
