import Foundation

/// A failure to read or write one of the user's files.
public enum FileError: Error, CustomStringConvertible {
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
            return "Cannot \(action) \(path): \(String(cString: strerror(code)))."
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
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .unwritableFolder(path: path, reason: "it is a file, not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw .unwritableFolder(path: path, reason: "it cannot be created (\(reasonText(error)))")
            }
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw .unwritableFolder(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private static func reasonText(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
