import Foundation
import KochCore
import KochIO
import KochLessons

/// Where live practice keeps what each session was graded from, so that it can be looked at (and
/// graded) again: `practice/` beside the progress file, each session's lesson key
/// (`NAME.key.json`, as `koch lesson` writes it) with the copy typed (`NAME.copy.txt`), the key
/// events (`NAME.keying.txt`, a log `koch keyer` and `koch grade --events` read) or what the
/// microphone heard (`NAME.keying.wav`, written here under a temporary name as it was heard).
public struct PracticeFolder: Sendable {
    public let path: String

    public init(progressFile: String) {
        path = (URL(fileURLWithPath: progressFile).deletingLastPathComponent().path) + "/practice"
    }

    /// Makes the folder, where it is missing.
    public func prepare() throws {
        try Folder.prepareForWriting(path)
    }

    /// The name a session's files share: the lesson's name as `koch lesson` gives it.
    public static func baseName(of lesson: Lesson) -> String { LessonWriter.baseName(of: lesson) }

    /// The name a contact's files share: its style, then its key's lesson ID without the
    /// direction's letter, so that it names both its sessions (R02-… and S02-…), which share the
    /// level and the contact's hash.
    public static func contactBaseName(style: String, lessonID: String) -> String { "koch-qso-\(style)-\(lessonID.dropFirst())" }

    /// Keeps the lesson's key; returns its path.
    @discardableResult
    public func keep(_ key: AnswerKey, baseName: String) throws -> String {
        let keyPath = path + "/" + baseName + ".key.json"
        try AtomicFile.write(try AnswerKeyFile.encode(key), to: keyPath)
        return keyPath
    }

    /// Keeps a copy typed; returns its path.
    @discardableResult
    public func keep(copy text: String, baseName: String) throws -> String {
        let copyPath = path + "/" + baseName + ".copy.txt"
        try AtomicFile.write(text.hasSuffix("\n") ? text : text + "\n", to: copyPath)
        return copyPath
    }
}
