import Foundation

/// Writes a file so that it is either absent, the old version, or complete:
/// the content goes to a temporary name in the same folder, is flushed to
/// disk, and is renamed over the final name only when whole.
///
/// A final name that is a symbolic link is followed: the link's target is
/// replaced (the temporary file goes beside the target, on its file system)
/// and the link stays a link. Messages name the path as given.
public enum AtomicFile {
    /// Lets `produce` write the file at a temporary path, then moves it into place.
    public static func write(to path: String, _ produce: (_ temporaryPath: String) throws -> Void) throws {
        let target = resolvingLinks(path)
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try produce(temporary)
            try moveIntoPlace(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Puts a file written whole under a temporary name in the same folder as `path` (one written
    /// as it came, say) in place: flushed to disk, then renamed over `path` (a link followed as in
    /// `write`). The temporary file is left where it was when this throws.
    public static func moveIntoPlace(_ temporary: String, to path: String) throws {
        let target = resolvingLinks(path)
        try syncFile(temporary, naming: path)
        guard rename(temporary, target) == 0 else { throw FileError.system(path: path, action: "save", errno: errno) }
        syncFolder(URL(fileURLWithPath: target).deletingLastPathComponent().path)
    }

    /// Writes bytes atomically; `permissions` 0o600 for a file only its owner may read.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644) throws {
        try write(to: path) { temporary in
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
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

    /// The file `path` names once symbolic links are followed (a link to a
    /// link, a relative link); `path` itself when it is no link. A link to a
    /// missing file names that file.
    public static func resolvingLinks(_ path: String) -> String {
        var current = path
        // As many links as the system follows in one path before giving up (ELOOP).
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            let folder = FileBytes.folder(of: current)
            current = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
        }
        return current
    }

    private static func syncFile(_ path: String, naming name: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.system(path: name, action: "flush to disk", errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw FileError.system(path: name, action: "flush to disk", errno: errno) }
    }

    private static func syncFolder(_ path: String) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
