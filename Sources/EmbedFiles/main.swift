import Foundation

// Writes a Swift file that holds files as base64 text:
//   EmbedFiles OUTPUT ROOT RELATIVE-PATH...
// The generated `ShippedFiles.contents` maps each relative path to its bytes.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedFiles OUTPUT ROOT FILE...\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments.dropFirst().first ?? ".")
var source = """
    // Made by the EmbedShippedFiles build plugin from the files koch ships; do not edit.
    import Foundation

    enum ShippedFiles {
        /// Each shipped file by its path in the source tree (`templates/key.txt.mustache`), as base64.
        static let base64: [String: String] = [

    """
for path in arguments.dropFirst(2) {
    guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
        FileHandle.standardError.write(Data("EmbedFiles: cannot read \(path)\n".utf8))
        exit(1)
    }
    let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    source += "        \"\(escaped)\": \"\(data.base64EncodedString())\",\n"
}
source += """
        ]
    }

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("EmbedFiles: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
