import Foundation
import KochCore

/// A failure to read or write one of the user's files.
public enum FileError: Error, CustomStringConvertible {
    /// A system call failed: `action` ("write", "read the roster") on `path`, with `errno`, told in plain words.
    case system(path: String, action: String, errno: Int32)
    case unwritableFolder(path: String, reason: String)
    case malformed(path: String, reason: String)
    /// A folder given where a file was expected (`expected`: "your copy", "an answer key").
    case isFolder(path: String, expected: String)

    /// Throws `isFolder` when `path` is a folder; nothing when it is a file or is missing.
    public static func checkNotFolder(_ path: String, expected: String) throws(FileError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .isFolder(path: path, expected: expected)
        }
    }

    /// Whether a file could not be written (or its folder or lock made), as opposed to read wrong.
    public var isWriteFailure: Bool {
        switch self {
        case .system, .unwritableFolder: return true
        case .malformed, .isFolder: return false
        }
    }

    public var description: String {
        switch self {
        case let .system(path, action, code):
            return "Cannot \(action) \(path): \(SystemErrorText.reason(code))."
        case let .unwritableFolder(path, reason):
            return "Cannot write into the folder \(path): \(reason)."
        case let .malformed(path, reason):
            return "\(path): \(reason)"
        case let .isFolder(path, expected):
            return "\(path) is a folder, not a file: give the path of \(expected) inside it."
        }
    }
}

public enum Folder {
    /// Creates the folder if needed and checks that files can be written into it.
    public static func prepareForWriting(_ path: String) throws(FileError) {
        try create(path)
        guard access(path, W_OK | X_OK) == 0 else {
            throw .unwritableFolder(path: path, reason: SystemErrorText.reason(errno))
        }
    }

    /// Creates the folder and any folders above it that are missing, keeping the reason of a failure.
    private static func create(_ path: String) throws(FileError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .unwritableFolder(path: path, reason: "it is a file, not a folder") }
            return
        }
        let parent = FileBytes.folder(of: path)
        if !parent.isEmpty, parent != path { try create(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw .unwritableFolder(path: path, reason: "it cannot be created (\(SystemErrorText.reason(errno)))")
        }
    }
}
