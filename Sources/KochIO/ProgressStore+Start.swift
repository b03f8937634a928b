import Foundation
import KochCore

extension ProgressStore {
    /// Starts a learner's progress file at `start` when there is none, or, in a file that is there,
    /// each direction of `start` the file has neither a start nor a session in (a send pack for a
    /// learner a receive pack started): under the lock, so that two runs at once start it once.
    /// Nothing recorded is changed. Returns the progress when nothing was started (nil: it was).
    /// A file that cannot be read throws, as every read does.
    public func start(_ start: StartingLevels) throws -> LearnerProgress? {
        try update { recorded in
            guard FileManager.default.fileExists(atPath: path) else { return (LearnerProgress(start: start), nil) }
            guard let started = recorded.starting(start) else { return (nil, recorded) }
            return (started, nil)
        }
    }
}
