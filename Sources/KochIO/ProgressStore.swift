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
/// The lock file is never removed: removing it would let a third process
/// lock a new file while another holds the old one.
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
        let lockPath = lockPath
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw FileError.system(path: lockPath, action: "open the lock file", errno: errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileError.system(path: lockPath, action: "lock", errno: errno) }
        }
        defer { flock(lock, LOCK_UN) }
        let current = try read()
        let (next, result) = try change(current)
        if let next {
            removeLeftoverTemporaryFiles()
            try AtomicFile.write(try Self.encode(next), to: path)
        }
        return result
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
