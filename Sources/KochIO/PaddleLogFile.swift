import Foundation
import KochCore

/// Reads a log of paddle or straight-key events (`PaddleLog`'s text, or evtest's) from a file.
public enum PaddleLogFile {
    /// The largest log read: hours of keying take a few megabytes, so a larger file is not a log.
    public static let largestSizeBytes = 64 << 20

    /// Reads and parses the log at `path`; its errors name the file and, for a malformed log, the line.
    public static func read(_ path: String, mapping: PaddleLog.KeyMapping) throws -> PaddleLog {
        try FileError.checkNotFolder(path, expected: "the event log")
        guard FileManager.default.fileExists(atPath: path), let data = try FileBytes.read(path, action: "read the event log") else {
            throw FileError.malformed(path: path, reason: "there is no event log here.")
        }
        guard data.count <= largestSizeBytes else { throw FileError.system(path: path, action: "read the event log", errno: EFBIG) }
        do {
            return try PaddleLog(text: String(decoding: data, as: UTF8.self), mapping: mapping)
        } catch {
            throw FileError.malformed(path: path, reason: error.description)
        }
    }
}
