import Foundation
import KochIO
import Mustache

/// The Mustache templates that shape the sheets koch writes: built into
/// the program, then, file by file, those in `$XDG_CONFIG_HOME/koch/templates`
/// (or `~/.config/koch/templates`), then those in `$KOCH_TEMPLATES`. A
/// teacher's file replaces the built-in one of the same name (`key.txt.mustache`)
/// or adds to them (`qso/field-day.mustache`).
public struct Templates: Sendable {
    private let library: MustacheLibrary
    private let origins: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let set = try ShippedFileSet(builtIn: "templates", overrides: try Self.overrideFolders(environment: environment))
        let files = set.files.values.filter { $0.name.hasSuffix(".mustache") }.map { file in
            (name: String(file.name.dropLast(".mustache".count)), text: String(decoding: file.bytes, as: UTF8.self), origin: file.origin)
        }
        try self.init(files)
    }

    /// Templates from their text, by name (`qso/contest`), each with where it came from.
    public init(_ files: [(name: String, text: String, origin: String)]) throws {
        var templates: [String: MustacheTemplate] = [:]
        var origins: [String: String] = [:]
        for file in files {
            do {
                templates[file.name] = try MustacheTemplate(string: file.text)
            } catch {
                throw FileError.malformed(path: file.origin, reason: "the template is not valid Mustache: \(error)")
            }
            origins[file.name] = file.origin
        }
        library = MustacheLibrary(templates: templates)
        self.origins = origins
    }

    /// The folders whose files replace or add to the built-in templates, in order.
    public static func overrideFolders(environment: [String: String]) throws -> [String] {
        [
            ShippedFileSet.configFolder("templates", environment: environment),
            try ShippedFileSet.environmentFolder("KOCH_TEMPLATES", environment: environment),
        ].compactMap { $0 }
    }

    /// Renders `context` (dictionaries, arrays and values) with the template `name`.
    public func render(_ name: String, _ context: Any) throws -> String {
        guard let text = library.render(context, withTemplate: name) else {
            throw FileError.malformed(
                path: "templates/" + name + ".mustache",
                reason: "there is no such template, built in or in the template folders (koch templates lists them).")
        }
        return text
    }

    /// The names of every template, `key.txt`, `qso/contest` and so on.
    public var names: [String] { origins.keys.sorted() }

    /// Where a template came from: its path, or `built in: templates/NAME.mustache`.
    public func origin(of name: String) -> String {
        origins[name] ?? "templates/" + name + ".mustache"
    }

    /// Writes the built-in templates into `folder` (as a teacher's starting point),
    /// never over an existing file; returns the paths written.
    public static func exportBuiltIn(to folder: String) throws -> [String] {
        let set = try ShippedFileSet(builtIn: "templates", overrides: [])
        let files = set.files.values.sorted { $0.name < $1.name }
        if let taken = files.first(where: { FileManager.default.fileExists(atPath: folder + "/" + $0.name) }) {
            throw FileError.malformed(
                path: folder + "/" + taken.name, reason: "exists already; koch writes its templates only into new files, so nothing was written.")
        }
        var written: [String] = []
        for file in files {
            let path = folder + "/" + file.name
            try Folder.prepareForWriting(FileBytes.folder(of: path))
            try AtomicFile.write(file.bytes, to: path)
            written.append(path)
        }
        return written
    }
}
