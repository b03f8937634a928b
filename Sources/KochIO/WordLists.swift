import Foundation
import KochCore

/// The word lists (one word a line, `#` comments): built into the program,
/// then, file by file, those in `$XDG_CONFIG_HOME/koch/words` (or
/// `~/.config/koch/words`), then those in `$KOCH_DATA/words`.
public enum WordLists {
    /// Every word of every list (`NAME.txt`), in the order of the files' names.
    public static func all(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        let overrides = [
            ShippedFileSet.configFolder("words", environment: environment),
            try ShippedFileSet.environmentFolder("KOCH_DATA", environment: environment, subfolder: "words"),
        ].compactMap { $0 }
        let set = try ShippedFileSet(builtIn: "data/words", overrides: overrides)
        let lists = set.files.values.filter { $0.name.hasSuffix(".txt") && !$0.name.contains("/") }.sorted { $0.name < $1.name }
        guard !lists.isEmpty else { throw FileError.malformed(path: "data/words", reason: "there are no word lists (NAME.txt).") }
        return lists.flatMap { WordList.parse(String(decoding: $0.bytes, as: UTF8.self)) }
    }
}
