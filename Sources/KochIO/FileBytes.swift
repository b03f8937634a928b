import Foundation

/// Reads whole files, keeping the reason of a failure (Foundation's
/// `contents(atPath:)` returns nil and loses it).
public enum FileBytes {
    /// The file's bytes; nil if there is no file at `path`. `action` says what
    /// the reading was for in a message: "read the roster".
    public static func read(_ path: String, action: String = "read") throws(FileError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
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
}
