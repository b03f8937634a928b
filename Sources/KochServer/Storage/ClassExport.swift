import Foundation

/// A whole class as one JSON document (`koch serve export`), to move it from one store to another
/// (SQLite to PostgreSQL and back) and lose nothing: every learner with the tokens their link and
/// feed carry (so the links handed out keep working), their progress as the store keeps it, every
/// lesson with its answer key, every submission, the teacher's password's hash and the server's
/// settings (the forms' secret among them, so that a form open in a browser stays valid).
///
/// The teacher's sessions are not in it: a move ends them, as a new password does.
///
/// Each row's values are as the store keeps them, texts untouched (a progress or a key is its JSON
/// text, never decoded and encoded again), moments as seconds since 1970: exact in PostgreSQL, to the
/// millisecond in SQLite. Rows are in the store's order (learners by number, lessons and submissions
/// oldest first), the order an import writes them in, so that lessons of the same moment keep theirs.
public struct ClassExport: Codable, Sendable, Equatable {
    /// What the document is, so that another JSON file given to `import` is refused as such.
    public static let formatName = "koch-class"
    /// The document's layout; one of another version is refused rather than read wrongly.
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var learners: [Learner]
    public var lessons: [Lesson]
    public var submissions: [Submission]
    /// The teacher's password's bcrypt hash, nil when none was set.
    public var teacherPasswordHash: String?
    /// The server's settings by name: the forms' secret, the public address the links were last given with.
    public var settings: [String: String]

    public init(learners: [Learner], lessons: [Lesson], submissions: [Submission], teacherPasswordHash: String?, settings: [String: String]) {
        format = Self.formatName
        version = Self.currentVersion
        self.learners = learners
        self.lessons = lessons
        self.submissions = submissions
        self.teacherPasswordHash = teacherPasswordHash
        self.settings = settings
    }

    /// A learner's row. The tokens' digests are not kept: the importing store makes them from the tokens.
    public struct Learner: Codable, Sendable, Equatable {
        public var id: Int64
        public var name: String
        public var linkToken: String
        public var feedToken: String
        /// The progress file's JSON, as the store keeps it.
        public var progress: String
        public var spokenFeed: Bool
        public var createdAt: Double

        public init(
            id: Int64, name: String, linkToken: String, feedToken: String, progress: String, spokenFeed: Bool, createdAt: Double
        ) {
            self.id = id
            self.name = name
            self.linkToken = linkToken
            self.feedToken = feedToken
            self.progress = progress
            self.spokenFeed = spokenFeed
            self.createdAt = createdAt
        }
    }

    /// A lesson's row. Its audio stays in the data folder, at `audioFile` under it.
    public struct Lesson: Codable, Sendable, Equatable {
        public var id: String
        public var learnerID: Int64
        public var direction: String
        public var level: Int
        public var spoken: Bool
        public var title: String
        /// The answer key's JSON, as the store keeps it.
        public var key: String
        public var audioFile: String
        public var audioBytes: Int64
        public var durationSeconds: Double
        public var createdAt: Double

        public init(
            id: String, learnerID: Int64, direction: String, level: Int, spoken: Bool, title: String, key: String, audioFile: String,
            audioBytes: Int64, durationSeconds: Double, createdAt: Double
        ) {
            self.id = id
            self.learnerID = learnerID
            self.direction = direction
            self.level = level
            self.spoken = spoken
            self.title = title
            self.key = key
            self.audioFile = audioFile
            self.audioBytes = audioBytes
            self.durationSeconds = durationSeconds
            self.createdAt = createdAt
        }
    }

    /// A submission's row.
    public struct Submission: Codable, Sendable, Equatable {
        public var lessonID: String
        public var learnerID: Int64
        public var kind: String
        public var report: String
        public var accuracy: Double
        public var receivedAt: Double

        public init(lessonID: String, learnerID: Int64, kind: String, report: String, accuracy: Double, receivedAt: Double) {
            self.lessonID = lessonID
            self.learnerID = learnerID
            self.kind = kind
            self.report = report
            self.accuracy = accuracy
            self.receivedAt = receivedAt
        }
    }

    /// `3 learners, 12 lessons and 1 submission`: what the document holds, for the commands to say.
    public var summary: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)" + (number == 1 ? "" : "s") }
        return "\(count(learners.count, "learner")), \(count(lessons.count, "lesson")) and \(count(submissions.count, "submission"))"
    }

    /// The document as `export` writes it: indented, keys sorted, so that two exports of one class are the same bytes.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + Array("\n".utf8)
    }

    /// Reads a document `export` wrote, checked (`check`) before a store is given it. Another JSON
    /// file, or a class export of another version, is refused as such before its rows are read.
    public static func decoded(from bytes: [UInt8], path: String) throws -> ClassExport {
        let data = Data(bytes)
        guard let header = try? JSONDecoder().decode(Header.self, from: data), header.format == formatName else {
            throw ClassExportError.notAnExport(path: path)
        }
        guard header.version == currentVersion else {
            throw ClassExportError.otherVersion(path: path, version: header.version)
        }
        let export: ClassExport
        do {
            export = try JSONDecoder().decode(ClassExport.self, from: data)
        } catch {
            throw ClassExportError.unreadable(path: path, reason: Self.describe(error))
        }
        try export.check(path: path)
        return export
    }

    /// What says which document a file is, read alone first.
    private struct Header: Decodable {
        let format: String?
        let version: Int?
    }

    /// A decoding error in words: which field, and what is wrong with it.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case let .keyNotFound(key, context):
            return "\(Self.place(context.codingPath + [key])) is missing"
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return "\(Self.place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func place(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
