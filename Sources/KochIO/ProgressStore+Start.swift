import Foundation
import KochCore

extension ProgressStore {
    /// Starts a learner's progress file at `start` when there is none: under the lock, so that two
    /// runs at once start it once. An existing file is never changed; its progress is returned
    /// (nil: the file was started). A file that cannot be read throws, as every read does.
    public func start(_ start: StartingLevels) throws -> LearnerProgress? {
        try update { recorded in
            if FileManager.default.fileExists(atPath: path) { return (nil, recorded) }
            return (LearnerProgress(start: start), nil)
        }
    }
}
