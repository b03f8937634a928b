import Foundation
import KochCore
import KochIO
import Synchronization
import Testing

/// The progress file's lock: one holder at a time, and no lock file left behind.
@Suite struct ProgressStoreLockTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-lock-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static func session(_ id: String) -> GradedSession {
        let date = LocalTimestamp(date: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 0)
        return GradedSession(
            lessonID: id, direction: .receive, course: .letters, level: 2, date: date, gradedAt: date, sent: 20, correct: 20, inserted: 0,
            characters: [:])
    }

    @Test func manyWritersAtOnceHoldTheLockOneAtATimeLoseNothingAndLeaveNoLockFile() throws {
        let store = ProgressStore(path: folder + "/progress.json")
        let holders = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for round in 0..<20 {
                do {
                    try store.update { recorded in
                        if holders.add(1, ordering: .sequentiallyConsistent).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
                        defer { holders.subtract(1, ordering: .sequentiallyConsistent) }
                        return (recorded.recording(Self.session("R02-\(writer)-\(round)")), ())
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(overlaps.load(ordering: .relaxed) == 0, "two writers held the lock at once")
        #expect(try store.read().sessions.count == 160)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["progress.json"])
    }

    @Test func aStartedFileIsNeverStartedAgain() throws {
        let store = ProgressStore(path: folder + "/progress/ann.json")
        let five = StartingLevels(receive: StartingLevel(level: 5, course: .letters))
        #expect(try store.start(five) == nil)
        let bytes = try #require(FileManager.default.contents(atPath: store.path))
        #expect(DirectionProgress(progress: try store.read(), direction: .receive).level == 5)
        let existing = try store.start(StartingLevels(receive: StartingLevel(level: 9, course: .letters)))
        #expect(existing?.start == five)
        #expect(FileManager.default.contents(atPath: store.path) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/progress") == ["ann.json"])
    }
}
