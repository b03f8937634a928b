import Foundation
import KochCore

extension CalendarIdentity {
    /// The identity of the calendar of the learner whose progress file is at `path`: the token is
    /// the first 12 hexadecimal digits of the SHA-256 of the file's absolute path, so that each
    /// progress file has its own reminders, the same at every export.
    public init(progressFile path: String, now: Date) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        self.init(learnerToken: String(FileChecksum.sha256Hex(of: Array(absolute.utf8)).prefix(12)), now: now)
    }
}
