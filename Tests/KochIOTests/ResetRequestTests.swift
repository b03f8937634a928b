import Foundation
import KochCore
import KochIO
import Testing

/// Starting over as a front end asks it: nothing changed until confirmed, and then the file as it was kept beside it.
@Suite final class ResetRequestTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-reset-\(UUID().uuidString)").path
    var store: ProgressStore { ProgressStore(path: folder + "/progress.json") }
    let today = CalendarDay(year: 2026, month: 11, day: 28)!

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Two receive sessions and a send one, recorded in the store.
    func record() throws {
        let sessions = [(Direction.receive, 95), (.receive, 90), (.send, 50)].enumerated().map { index, session in
            let timestamp = LocalTimestamp(date: Date(timeIntervalSince1970: 1_793_000_000 + Double(index) * 86_400), utcOffsetSeconds: 0)
            return GradedSession(
                lessonID: "R02-\(index)", direction: session.0, course: .letters, level: 2, date: timestamp, gradedAt: timestamp, sent: 100,
                correct: session.1, inserted: 0, characters: [:])
        }
        try store.update { _ in (LearnerProgress(sessions: sessions), ()) }
    }

    @Test func aFileThatIsNotThereHasNothingToReset() throws {
        guard case .nothingRecorded = try ResetRequest(confirmed: true).run(on: store, day: { today }) else {
            Issue.record("reset")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func unconfirmedItSaysWhatWouldGoAndChangesNothing() throws {
        try record()
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let outcome = try ResetRequest(direction: .receive).run(on: store) { throw CancellationError() }
        guard case .unconfirmed(let removal) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(removal.sessionCount == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["progress.json"])
    }

    @Test func confirmedItKeepsTheFileAsItWasUnderTheDaysName() throws {
        try record()
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let outcome = try ResetRequest(direction: .receive, confirmed: true).run(on: store) { today }
        guard case .reset(let removal, let reset) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(removal.sessionCount == 2 && reset.removedSessions == 2)
        #expect(reset.backupPath == folder + "/progress-2026-11-28.json")
        #expect(try Data(contentsOf: URL(fileURLWithPath: reset.backupPath)) == before)
        #expect(try store.read().sessions.map(\.direction) == [.send])
    }

    @Test func aDirectionWithoutSessionsHasNothingToReset() throws {
        try record()
        _ = try ResetRequest(direction: .send, confirmed: true).run(on: store) { today }
        guard case .nothingInDirection = try ResetRequest(direction: .send, confirmed: true).run(on: store, day: { today }) else {
            Issue.record("reset again")
            return
        }
    }
}
