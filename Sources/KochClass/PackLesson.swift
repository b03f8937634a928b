import Foundation
import KochCore
import KochIO

/// A lesson of a class's pack: its answer key, the name its files share and the learner's folder it is in.
public struct PackLesson: Sendable, Hashable {
    public let key: AnswerKey
    /// `koch-level05-01-3fa94c1d`: the name of the lesson's files, without extension.
    public let baseName: String
    /// `learner-ann-lee`: the folder of the pack the lesson is in.
    public let folderName: String
    /// The key's path, for messages.
    public let keyPath: String

    public init(key: AnswerKey, baseName: String, folderName: String, keyPath: String) {
        self.key = key
        self.baseName = baseName
        self.folderName = folderName
        self.keyPath = keyPath
    }

    public var lessonID: String { key.lessonID }

    /// The eight hexadecimal digits that the lesson's file names carry (`3fa94c1d`).
    public var shortID: String { String(key.lessonID.split(separator: "-").last?.prefix(8) ?? "") }

    /// Whether `text` names this lesson: its ID (`R05-3fa94c1d2b7e`), its files' name
    /// (`koch-level05-01-3fa94c1d`) or their eight digits, standing as a word, in any case.
    public func isNamed(in text: String) -> Bool { isNamed(in: Naming(text)) }

    func isNamed(in naming: Naming) -> Bool {
        let hash = key.lessonID.split(separator: "-").last.map { $0.lowercased() } ?? ""
        return (!shortID.isEmpty && naming.words.contains(Substring(shortID.lowercased())))
            || (!hash.isEmpty && naming.words.contains(Substring(hash)))
    }

    /// A text that may name lessons, read once for all of them: its words, lowercased.
    struct Naming {
        let words: Set<Substring>

        init(_ text: String) {
            words = Set(text.lowercased().split { !($0.isLetter || $0.isNumber) })
        }
    }

    /// The answer keys of a pack's folder (`FOLDER/*.key.json`, or `teacher/FOLDER/` when the keys
    /// were made separate), in lesson order. A key that cannot be read stops the grading: the pack is damaged.
    public static func read(pack root: String, folderName: String) throws -> [PackLesson] {
        var lessons: [PackLesson] = []
        for folder in [root + "/" + folderName, root + "/teacher/" + folderName] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".key.json") {
                let path = folder + "/" + name
                let key = try AnswerKeyFile.read(path)
                guard !lessons.contains(where: { $0.lessonID == key.lessonID }) else { continue }
                lessons.append(
                    PackLesson(key: key, baseName: String(name.dropLast(".key.json".count)), folderName: folderName, keyPath: path))
            }
        }
        return lessons
    }
}
