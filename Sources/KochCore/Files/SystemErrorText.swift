import Foundation

/// What a failed system call means, in the words a user reads: "the disk is
/// full" rather than `ENOSPC` or "No space left on device".
public enum SystemErrorText {
    /// The reason for `code` (an `errno` value), lower case, without a full stop.
    public static func reason(_ code: Int32) -> String {
        if let plain = plainReasons[code] { return plain }
        let system = String(cString: strerror(code))
        return system.prefix(1).lowercased() + system.dropFirst()
    }

    private static let plainReasons: [Int32: String] = [
        ENOSPC: "the disk is full",
        EDQUOT: "your disk quota is used up",
        EIO: "input/output error (the disk or its connection failed)",
        EACCES: "permission denied",
        EPERM: "the operation is not permitted",
        EROFS: "the disk is read-only",
        ENOENT: "there is no such file or folder",
        ENOTDIR: "a part of the path is not a folder",
        EISDIR: "it is a folder",
        EEXIST: "a file of that name exists already",
        EMFILE: "too many files are open",
        ENFILE: "too many files are open",
        ENAMETOOLONG: "the name is too long",
        EXDEV: "it is on another disk",
        ELOOP: "too many symbolic links",
        ENOLCK: "no lock is available",
        EFBIG: "the file is too large",
    ]
}
