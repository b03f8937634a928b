import Foundation
import KochIO

extension Templates {
    /// Each template and where it comes from, and the folders that replace or add to the built-in ones.
    public struct Listing: Sendable, Hashable {
        /// A folder whose files replace or add to the built-in templates, in the order they are read.
        public struct Folder: Sendable, Hashable {
            public let path: String
            /// Whether the folder is there.
            public let exists: Bool

            public init(path: String, exists: Bool) {
                self.path = path
                self.exists = exists
            }
        }

        /// A template's name (`key.txt`, `qso/contest`) and where it comes from.
        public struct Entry: Sendable, Hashable {
            public let name: String
            public let origin: String
        }

        public let folders: [Folder]
        /// Every template, sorted by name.
        public let templates: [Entry]
    }

    /// The templates in use under `environment`, and where each comes from.
    public static func listing(environment: [String: String]) throws -> Listing {
        let templates = try Templates(environment: environment)
        let folders = try overrideFolders(environment: environment).map {
            Listing.Folder(path: $0, exists: FileManager.default.fileExists(atPath: $0))
        }
        return Listing(folders: folders, templates: templates.names.map { Listing.Entry(name: $0, origin: templates.origin(of: $0)) })
    }

    /// What an export wrote, and whether koch reads the templates from there.
    public struct Export: Sendable, Hashable {
        /// The files written.
        public let written: [String]
        /// Whether the folder is the user's template folder, read without being named.
        public let isReadFromThere: Bool
        /// The user's template folder under the environment, if one can be named.
        public let configFolder: String?
    }

    /// Writes the built-in templates into `folder` (`exportBuiltIn(to:)`) and says whether koch
    /// reads them from there under `environment`.
    public static func export(to folder: String, environment: [String: String]) throws -> Export {
        let written = try exportBuiltIn(to: folder)
        let config = ShippedFileSet.configFolder("templates", environment: environment)
        let standardized = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        return Export(written: written, isReadFromThere: config.map { standardized($0) == standardized(folder) } ?? false, configFolder: config)
    }
}
