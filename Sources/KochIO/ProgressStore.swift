import Foundation
import KochCore

/// The learner's progress file on disk.
///
/// It is precious, so: a file that cannot be read is reported (path, key,
/// line) and never overwritten; a change is written atomically (temporary
/// file, fsync, rename: a killed process leaves the old file or the new
/// one); and changes are made under an exclusive `flock` on
/// `progress.json.lock` beside it, lock → read → change → write → unlock,
/// so two graders at once wait for each other and neither update is lost.
/// A progress file that is a symbolic link is followed: its target is
/// written (atomically, beside itself) and locked, and the link stays.
/// The lock file is removed by its holder before it lets go, so none stays
/// behind; a grader that was waiting on the removed file finds, once it
/// holds it, that the path no longer names it, and locks afresh. So the
/// one lock that counts is always the file at the path, and only its
/// holder writes.
public struct ProgressStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The lock beside the file itself: a progress file reached through a
    /// symbolic link is locked where it lies, whichever path names it.
    public var lockPath: String { AtomicFile.resolvingLinks(path) + ".lock" }

    private static let remedy = "Fix it by hand or move it aside; koch will not change it until then."

    /// The progress recorded; empty (a new learner) if the file does not exist.
    public func read() throws -> LearnerProgress {
        guard let bytes = try JSONFileReader.contents(of: path) else { return LearnerProgress() }
        return try Self.decode(bytes, path: path)
    }

    /// Locks the file, reads it, lets `change` make the new progress (nil:
    /// nothing to write) and writes it. Errors thrown by `change` leave the
    /// file as it was. Returns the progress read and the progress written.
    @discardableResult
    public func update<T>(_ change: (LearnerProgress) throws -> (LearnerProgress?, T)) throws -> T {
        let folder = FileBytes.folder(of: AtomicFile.resolvingLinks(path))
        try Folder.prepareForWriting(folder.isEmpty ? "." : folder)
        let lock = try lockFile()
        defer { close(lock) }
        defer { flock(lock, LOCK_UN) }
        // Removed while still held: a grader that opens the path now makes a new lock, and by then this one has written.
        defer { unlink(lockPath) }
        let current = try read()
        let (next, result) = try change(current)
        if let next {
            removeLeftoverTemporaryFiles()
            try AtomicFile.write(try Self.encode(next), to: path)
        }
        return result
    }

    /// Opens and locks `progress.json.lock`, waiting for another holder; returns it once the
    /// file locked is the one the path names (a holder that finished removed the one waited on).
    private func lockFile() throws -> Int32 {
        let lockPath = lockPath
        while true {
            let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard lock >= 0 else { throw FileError.system(path: lockPath, action: "open the lock file", errno: errno) }
            while flock(lock, LOCK_EX) != 0 {
                let failure = errno
                guard failure == EINTR else {
                    close(lock)
                    throw FileError.system(path: lockPath, action: "lock", errno: failure)
                }
            }
            var held = stat()
            var named = stat()
            if fstat(lock, &held) == 0, stat(lockPath, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                return lock
            }
            close(lock)
        }
    }

    /// Temporary files of graders killed while writing. Only the holder of
    /// the lock writes, so under the lock any that exist are abandoned.
    private func removeLeftoverTemporaryFiles() {
        let url = URL(fileURLWithPath: AtomicFile.resolvingLinks(path))
        let folder = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + ".partial-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(prefix) {
            unlink(folder + "/" + name)
        }
    }

    /// The file's text: keys sorted, indented, one session after another.
    public static func encode(_ progress: LearnerProgress) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(progress), as: UTF8.self) + "\n"
    }

    /// Decodes and checks a progress file's bytes.
    public static func decode(_ bytes: [UInt8], path: String) throws -> LearnerProgress {
        let (progress, locator) = try JSONFileReader.decode(
            LearnerProgress.self, from: bytes, path: path, what: "progress file",
            currentFormatVersion: LearnerProgress.currentFormatVersion, remedy: remedy)
        try JSONFileReader.check(progress.consistencyProblems, locator: locator, path: path, what: "progress file", remedy: remedy)
        return progress
    }
}
