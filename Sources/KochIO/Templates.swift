import Foundation
import Mustache

/// The Mustache templates in `templates/` that shape the sheets koch
/// writes. Found in `$KOCH_TEMPLATES`, else in the `templates` folder of
/// the source tree the executable was built in, else in
/// `share/koch/templates` beside an installed executable.
public struct Templates: Sendable {
    public let folder: String
    private let library: MustacheLibrary
    private let templateNames: [String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let folder = Self.locate(environment: environment) else {
            throw FileError.malformed(
                path: "templates",
                reason: "koch cannot find its templates folder. Set KOCH_TEMPLATES to the templates folder of the koch source tree.")
        }
        self.folder = folder
        (library, templateNames) = try Self.load(folder)
    }

    /// Every `.mustache` file under the folder, named by its path inside it
    /// without the extension (`key.txt`, `qso/contest`).
    private static func load(_ folder: String) throws -> (MustacheLibrary, [String]) {
        var templates: [String: MustacheTemplate] = [:]
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".mustache") {
            let path = folder + "/" + file
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FileError.malformed(path: path, reason: "the template cannot be read.")
            }
            do {
                templates[String(file.dropLast(".mustache".count))] = try MustacheTemplate(string: String(decoding: data, as: UTF8.self))
            } catch {
                throw FileError.malformed(path: path, reason: "the template is not valid Mustache: \(error)")
            }
        }
        return (MustacheLibrary(templates: templates), templates.keys.sorted())
    }

    /// Renders `context` (dictionaries, arrays and values) with the template `name`.
    public func render(_ name: String, _ context: Any) throws -> String {
        guard let text = library.render(context, withTemplate: name) else {
            throw FileError.malformed(path: folder + "/" + name + ".mustache", reason: "the template is missing.")
        }
        return text
    }

    /// The names of every template, `key.txt`, `qso/contest` and so on.
    public var names: [String] { templateNames }


    static func locate(environment: [String: String]) -> String? {
        if let folder = environment["KOCH_TEMPLATES"], !folder.isEmpty { return folder }
        return ResourceFolder.locate("templates", containing: "key.txt.mustache")
    }
}
