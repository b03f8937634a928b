import Foundation

/// Writes a file so that it is either absent, the old version, or complete:
/// the content goes to a temporary name in the same folder, is flushed to
/// disk, and is renamed over the final name only when whole.
public enum AtomicFile {
    /// Lets `produce` write the file at a temporary path, then moves it into place.
    public static func write(to path: String, _ produce: (_ temporaryPath: String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try produce(temporary)
            try syncFile(temporary)
            guard rename(temporary, path) == 0 else { throw FileError.system(path: path, action: "rename into", errno: errno) }
            syncFolder(folder)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes bytes atomically.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws {
        try write(to: path) { temporary in
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw FileError.system(path: path, action: "create", errno: errno) }
            defer { close(fd) }
            let data = Array(bytes)
            var offset = 0
            while offset < data.count {
                // `data` is not empty here, so its bytes have an address.
                let written = data.withUnsafeBytes { bytes in
                    bytes.baseAddress.map { Glibc.write(fd, $0 + offset, data.count - offset) } ?? 0
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileError.system(path: path, action: "write", errno: errno)
                }
                offset += written
            }
        }
    }

    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    private static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.system(path: path, action: "reopen", errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw FileError.system(path: path, action: "flush", errno: errno) }
    }

    private static func syncFolder(_ path: String) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
