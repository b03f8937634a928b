import Foundation

/// `manifest.json` of a lesson pack: every file with its size and SHA-256,
/// so a teacher (or `sha256sum`) can check that nothing is missing or damaged.
public struct PackManifest: Sendable, Hashable, Codable {
    public static let currentFormatVersion = 1

    public struct File: Sendable, Hashable, Codable {
        /// Path inside the pack, with `/` between folders.
        public var path: String
        public var bytes: Int
        public var sha256: String

        public init(path: String, bytes: Int, sha256: String) {
            self.path = path
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    public var formatVersion: Int
    public var seed: UInt64
    /// Identifies the pack's content: every lesson ID and the audio formats.
    public var planSignature: String
    /// When the pack was made: `SOURCE_DATE_EPOCH` when set, else when it was begun (`CreationDate` in KochIO).
    public var createdAt: Date
    public var lessonCount: Int
    /// Sorted by path.
    public var files: [File]
    /// The roster a class's pack was made from (`koch pack --roster`), as a path from the
    /// pack's folder, so that its returns can be graded by it; nil for a pack of levels.
    public var roster: String?
    /// Where the progress files of the roster's learners given a level are, as a path from the
    /// pack's folder, when `koch pack --progress-dir` named it; nil: `progress/` beside the roster.
    public var progressFolder: String?

    public init(
        seed: UInt64, planSignature: String, createdAt: Date, lessonCount: Int, files: [File], roster: String? = nil,
        progressFolder: String? = nil
    ) {
        formatVersion = Self.currentFormatVersion
        self.roster = roster
        self.progressFolder = progressFolder
        self.seed = seed
        self.planSignature = planSignature
        self.createdAt = createdAt
        self.lessonCount = lessonCount
        self.files = files.sorted { $0.path < $1.path }
    }
}
