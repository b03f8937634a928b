import Foundation
import KochCore

extension ProgressStore {
    /// How the learner of this file stands on `today`, and whether the file is there yet.
    public struct Status: Sendable {
        /// The standing worked out from the file's sessions (none when it is not there).
        public let status: ProgressStatus
        /// The progress file.
        public let path: String
        /// Whether the file is there: a new learner's is made by the first graded lesson.
        public let fileExists: Bool
    }

    /// Reads the file and works out how the learner stands on `today`. A file that cannot be read throws.
    public func status(on today: CalendarDay) throws -> Status {
        let recorded = try read()
        return Status(status: ProgressStatus(progress: recorded, today: today), path: path, fileExists: FileManager.default.fileExists(atPath: path))
    }
}
