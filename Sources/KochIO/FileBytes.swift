import Foundation

/// Reads whole files, keeping the reason of a failure (Foundation's
/// `contents(atPath:)` returns nil and loses it).
public enum FileBytes {
    /// The file's bytes; nil if there is no file at `path` (nor, when a part of
    /// the path is a file, can there be). `action` says what the reading was
    /// for in a message: "read the roster".
    public static func read(_ path: String, action: String = "read") throws(FileError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .system(path: path, action: action, errno: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(path: path, action: action, errno: errno)
            }
            bytes += block[0..<count]
        }
    }

    /// The folder part of a path: `a/b` for `a/b/c`, `/` for `/c`, empty for a
    /// bare name. (Foundation's `deletingLastPathComponent` traps on a path of
    /// one character.)
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
