import Foundation

/// Paths from one folder to a file, so that a folder can name a file beside it wherever the
/// two are moved together.
public enum RelativePath {
    /// The path from `folder` to `file` (`../class.csv` for a roster beside the pack's folder).
    public static func from(folder: String, to file: String) -> String {
        let base = components(folder), target = components(file)
        var shared = 0
        while shared < min(base.count, target.count), base[shared] == target[shared] { shared += 1 }
        let path = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return path.joined(separator: "/")
    }

    /// `path` taken from `folder` unless it is absolute.
    public static func resolve(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: folder).appendingPathComponent(path).standardizedFileURL.path
    }

    private static func components(_ path: String) -> [String] {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().pathComponents.filter { $0 != "/" }
    }
}
