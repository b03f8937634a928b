import Foundation

/// The files of one kind koch reads by default (its templates, its word
/// lists): the ones built into the program, then those of each override
/// folder in turn, file by file: a file of a later folder replaces the one
/// of the same name before it, and a new name is added.
public struct ShippedFileSet: Sendable {
    /// One file and where it came from.
    public struct File: Sendable {
        /// Its path inside the set, `qso/contest.mustache`.
        public let name: String
        /// A path on disk, or `built in: templates/qso/contest.mustache`.
        public let origin: String
        public let bytes: Data
        public var isBuiltIn: Bool { origin.hasPrefix(ShippedFileSet.builtInPrefix) }
    }

    static let builtInPrefix = "built in: "

    /// By name.
    public let files: [String: File]

    /// - Parameters:
    ///   - builtIn: the folder of the source tree the built-in files come from, `templates`.
    ///   - overrides: folders read after them, in order; a missing one is skipped.
    public init(builtIn: String, overrides: [String]) throws {
        var files: [String: File] = [:]
        let prefix = builtIn + "/"
        for (path, base64) in ShippedFiles.base64 where path.hasPrefix(prefix) {
            let name = String(path.dropFirst(prefix.count))
            files[name] = File(name: name, origin: Self.builtInPrefix + path, bytes: Data(base64Encoded: base64) ?? Data())
        }
        for folder in overrides {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
            for name in names.sorted() {
                let path = folder + "/" + name
                var isSubfolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isSubfolder), !isSubfolder.boolValue else { continue }
                guard let bytes = try FileBytes.read(path) else { continue }
                files[name] = File(name: name, origin: path, bytes: Data(bytes))
            }
        }
        self.files = files
    }

    /// `$XDG_CONFIG_HOME/koch/SUBFOLDER` (only if XDG_CONFIG_HOME is absolute), else `~/.config/koch/SUBFOLDER`.
    public static func configFolder(_ subfolder: String, environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/koch/" + subfolder }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/koch/" + subfolder
    }

    /// The folder an environment variable names, which must be a folder when set.
    public static func environmentFolder(_ variable: String, environment: [String: String], subfolder: String = "") throws -> String? {
        guard let value = environment[variable], !value.isEmpty else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: value, isDirectory: &isFolder), isFolder.boolValue else {
            throw FileError.malformed(path: value, reason: "\(variable) names this, which is not a folder. Unset it to use koch's built-in files.")
        }
        return subfolder.isEmpty ? value : value + "/" + subfolder
    }
}
