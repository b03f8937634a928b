import Foundation
import PackagePlugin

/// Builds the files koch ships (`templates/`, `data/`) into the target that
/// uses this plugin, as `ShippedFiles.swift`, so that the binary carries
/// them wherever it is copied. Rerun whenever one of the files changes.
@main
struct EmbedShippedFiles: BuildToolPlugin {
    static let folders = ["templates", "data"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var files: [String] = []
        for folder in Self.folders {
            let base = root.appending(path: folder)
            let names = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for name in names.sorted() {
                var isFolder: ObjCBool = false
                let path = base.appending(path: name).path
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                    files.append(folder + "/" + name)
                }
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "ShippedFiles.swift")
        return [
            .buildCommand(
                displayName: "Building \(files.count) templates and word lists into \(target.name)",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: [output.path, root.path] + files,
                inputFiles: files.map { root.appending(path: $0) },
                outputFiles: [output])
        ]
    }
}
