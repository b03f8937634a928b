import Foundation
import KochCore

/// The word lists in `data/words/` (one word a line, `#` comments): found
/// in `$KOCH_DATA/words`, else beside the source tree or the installed program.
public enum WordLists {
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let data = environment["KOCH_DATA"], !data.isEmpty { return data + "/words" }
        guard let data = ResourceFolder.locate("data", containing: "words/common.txt") else {
            throw FileError.malformed(path: "data/words", reason: "koch cannot find its word lists. Set KOCH_DATA to the data folder of the koch source tree.")
        }
        return data + "/words"
    }

    /// Every word of every list in the folder, in the order of the files' names.
    public static func all(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        let folder = try folder(environment: environment)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".txt") }.sorted() ?? []
        guard !names.isEmpty else { throw FileError.malformed(path: folder, reason: "the folder has no word lists (NAME.txt).") }
        return try names.flatMap { name -> [String] in
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FileError.system(path: path, action: "read", errno: errno)
            }
            return WordList.parse(String(decoding: data, as: UTF8.self))
        }
    }
}
