import Foundation
import KochCore

/// Reads and writes answer keys as JSON: keys sorted, indented, dates in
/// ISO 8601, so that the same lesson gives the same bytes.
public enum AnswerKeyFile {
    public static func encode(_ key: AnswerKey) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(key), as: UTF8.self) + "\n"
    }

    /// Reads a key for grading. A key that is not JSON, lacks a field, is of
    /// a newer format, or contradicts itself (groups with characters not in
    /// its character set, a level outside its course) is refused with its
    /// path, the key and its line: grading against it would give a wrong score.
    public static func read(_ path: String) throws -> AnswerKey {
        try FileError.checkNotFolder(path, expected: "the lesson's answer key (NAME.key.json)")
        guard let bytes = try JSONFileReader.contents(of: path) else {
            throw FileError.malformed(
                path: path, reason: "there is no answer key here. Give the NAME.key.json file that `koch lesson` wrote beside the audio.")
        }
        do {
            return try decode(bytes, path: path)
        } catch {
            throw sheetInsteadOfKey(path) ?? error
        }
    }

    /// The sheets a lesson writes beside its key, to read, not to grade against.
    static let sheetSuffixes = [".key.txt", ".sheet.txt"]

    /// For a lesson's text sheet given where its key goes: the key beside it, or that it is missing.
    static func sheetInsteadOfKey(_ path: String) -> FileError? {
        guard let suffix = sheetSuffixes.first(where: { path.hasSuffix($0) }) else { return nil }
        let keyPath = String(path.dropLast(suffix.count)) + ".key.json"
        let what = suffix == ".key.txt" ? "the lesson's answer sheet, to read" : "the exercise's sheet, to key from"
        let beside =
            FileManager.default.fileExists(atPath: keyPath)
            ? "Give the key beside it: --key \(keyPath)."
            : "\(URL(fileURLWithPath: keyPath).lastPathComponent) is not beside it: give the key where it was kept."
        return FileError.malformed(
            path: path, reason: "this is \(what); koch reads a lesson from its key, the .key.json file written with the sheet. \(beside)")
    }

    public static func decode(_ bytes: [UInt8], path: String) throws -> AnswerKey {
        let remedy = "Grade against the NAME.key.json that `koch lesson` wrote, unedited (or make the lesson again with the same seed)."
        let (key, locator) = try JSONFileReader.decode(
            AnswerKey.self, from: bytes, path: path, what: "answer key",
            currentFormatVersion: AnswerKey.currentFormatVersion, remedy: remedy)
        try JSONFileReader.check(key.consistencyProblems, locator: locator, path: path, what: "answer key", remedy: remedy)
        return key
    }

    /// The other answer keys a learner has beside `path`: those in its folder and, when the
    /// folder is one level of a pack (its parent holds the pack's manifest.json), in the pack's
    /// other folders. Keys that cannot be read are passed over; at most `limit` are read.
    public static func siblings(of path: String, limit: Int = 500) -> [AnswerKey] {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        let folder = file.deletingLastPathComponent()
        var folders = [folder]
        let parent = folder.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: parent.appendingPathComponent("manifest.json").path),
            let entries = try? FileManager.default.contentsOfDirectory(at: parent, includingPropertiesForKeys: [.isDirectoryKey])
        {
            folders += entries.filter { $0.standardizedFileURL != folder && (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
                .sorted { $0.path < $1.path }
        }
        var keys: [AnswerKey] = []
        for candidate in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: candidate.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".key.json") {
                let other = candidate.appendingPathComponent(name).standardizedFileURL
                guard other != file, keys.count < limit, let key = try? read(other.path) else { continue }
                keys.append(key)
            }
        }
        return keys
    }
}
