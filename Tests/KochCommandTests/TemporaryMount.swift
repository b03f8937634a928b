import Foundation

/// A small tmpfs mounted for one test: a disk that is really full, really
/// read-only, or really another file system. Mounting needs root, as the
/// tests have in CI; elsewhere the tests that need it say so and are skipped.
final class TemporaryMount {
    let folder: String

    /// Whether a tmpfs can be mounted here.
    static let available: Bool = (try? TemporaryMount("probe")) != nil

    init(_ name: String, sizeKB: Int = 1024) throws {
        folder = try KochBinary.scratchFolder(name)
        guard try KochBinary.runTool("mount", ["-t", "tmpfs", "-o", "size=\(sizeKB)k", "tmpfs", folder]) == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw MountFailed(folder: folder)
        }
    }

    deinit {
        _ = try? KochBinary.runTool("umount", [folder])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Makes the file system read-only, as a write-protected card or a full-disk remount does.
    func makeReadOnly() throws {
        guard try KochBinary.runTool("mount", ["-o", "remount,ro", folder]) == 0 else { throw MountFailed(folder: folder) }
    }

    /// Fills the file system to the last block.
    func fill() throws {
        // dd stops with an error when the disk is full: that is the point.
        _ = try KochBinary.runTool("dd", ["if=/dev/zero", "of=\(folder)/filler", "bs=4096"])
        let probe = folder + "/probe"
        let fd = open(probe, O_WRONLY | O_CREAT, 0o644)
        defer {
            close(fd)
            unlink(probe)
        }
        var byte: UInt8 = 0
        guard fd >= 0, write(fd, &byte, 1) < 0, errno == ENOSPC else { throw MountFailed(folder: folder) }
    }

    struct MountFailed: Error, CustomStringConvertible {
        let folder: String
        var description: String { "could not mount, fill or remount a tmpfs at \(folder)" }
    }
}
