import Foundation
import Synchronization

/// One lock per learner within this process, for making their next lessons (`ClassStore.withLessonMaking`).
/// Grading needs none: its transaction is the database's.
final class LearnerLocks: Sendable {
    static let shared = LearnerLocks()

    private let locks = Mutex<[Int64: NSLock]>([:])

    /// Runs `work` holding the learner's lock.
    func withLock<T>(_ learnerID: Int64, _ work: () throws -> T) rethrows -> T {
        let lock = locks.withLock { locks in
            if let lock = locks[learnerID] { return lock }
            let lock = NSLock()
            locks[learnerID] = lock
            return lock
        }
        lock.lock()
        defer { lock.unlock() }
        return try work()
    }
}
