import Foundation
import KochCore

extension ProgressStore {
    /// What a reset did.
    public struct Reset: Sendable {
        /// Sessions taken out of the progress file.
        public let removedSessions: Int
        /// The copy of the file as it was.
        public let backupPath: String
    }

    /// Starts over in `direction` (nil: both): under the lock, copies the
    /// file as it is to a dated file beside it, then writes it without those
    /// sessions. A file that cannot be read is left alone (the read throws).
    /// Nil when there is no file (nothing to reset).
    public func reset(_ direction: Direction?, on day: CalendarDay) throws -> Reset? {
        try update { recorded in
            guard let bytes = try JSONFileReader.contents(of: path) else { return (nil, nil) }
            let backupPath = Self.freePath(for: path, day: day)
            try AtomicFile.write(bytes, to: backupPath)
            let kept = recorded.resetting(direction)
            return (kept, Reset(removedSessions: recorded.sessions.count - kept.sessions.count, backupPath: backupPath))
        }
    }

    /// What `reset(_:on:)` would do now, for the learner to confirm; a file that is
    /// not there holds nothing to reset. A file that cannot be read throws.
    public func resetPreview(_ direction: Direction?) throws -> ResetPreview {
        let recorded = try read()
        guard FileManager.default.fileExists(atPath: path) else { return .nothingRecorded }
        return ResetPreview(progress: recorded, direction: direction)
    }

    /// `progress.json` → `progress-2026-11-24.json`, then `progress-2026-11-24-2.json` and so on: never an existing file.
    static func freePath(for path: String, day: CalendarDay) -> String {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().path
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        var candidate = "\(stem)-\(day)\(suffix)"
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(stem)-\(day)-\(number)\(suffix)"
            number += 1
        }
        return candidate
    }
}
