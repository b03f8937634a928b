/// What a lesson pack holds, worked out before anything is made: one
/// folder a level (or a learner), each with its lessons in order. The plan
/// depends only on the request, so every run, shard and job count agrees
/// on it.
public struct PackPlan: Sendable {
    /// One folder of the pack.
    public struct Folder: Sendable {
        /// The folder's name inside the pack: `level-02` or `learner-ann-lee`.
        public let name: String
        /// How the index and playlists name it: `Level 2 (K M)`, `Ann Lee, level 5 (K M R S U)`.
        public let title: String
        public let lessons: [Lesson]
    }

    /// A folder to make: its name, title and the settings of its lessons.
    public struct FolderRequest: Sendable {
        public let name: String
        public let title: String
        public let settings: LessonSettings
        /// Where the words come from, besides the settings (a word list).
        public let content: LessonContent

        public init(name: String, title: String, settings: LessonSettings, content: LessonContent = .generated) {
            self.name = name
            self.title = title
            self.settings = settings
            self.content = content
        }
    }

    public let folders: [Folder]

    /// `perFolder` lessons in each requested folder. Each folder's lessons are
    /// seeded from the pack's seed and the folder's name, so adding a folder
    /// does not change the others. `speechSeconds` measures the phrases of spoken lessons (see `Lesson`).
    public init(
        folders requests: [FolderRequest], perFolder: Int, seed: UInt64, speechSeconds: ((String) -> Double)? = nil
    ) throws(ContentError) {
        var folders: [Folder] = []
        for request in requests {
            var settings = request.settings
            settings.seed = SeededGenerator.derivedSeed(seed, index: Self.stableHash(request.name))
            var lessons: [Lesson] = []
            for number in 1...perFolder {
                lessons.append(
                    try Lesson(settings: settings, content: request.content, number: number, count: perFolder, speechSeconds: speechSeconds))
            }
            folders.append(Folder(name: request.name, title: request.title, lessons: lessons))
        }
        self.folders = folders
    }

    /// Folders for a range of levels, named `level-NN`.
    public static func levelFolders(_ levels: ClosedRange<Int>, settings: LessonSettings, content: LessonContent = .generated) -> [FolderRequest] {
        levels.map { level in
            var levelSettings = settings
            levelSettings.level = level
            let characters = settings.course.unlocked(atLevel: level).map(\.text).joined(separator: " ")
            return FolderRequest(
                name: "level-" + (level < 10 ? "0" : "") + String(level),
                title: (settings.direction == .send ? "Send, level" : "Level") + " \(level) (\(characters))",
                settings: levelSettings, content: content)
        }
    }

    /// Every lesson with its folder, in pack order.
    public var lessons: [(folder: Folder, lesson: Lesson)] {
        folders.flatMap { folder in folder.lessons.map { (folder, $0) } }
    }

    /// The lessons the K-th of N shards makes (K from 1): every N-th lesson
    /// in pack order, so shards are disjoint, cover the pack, and take
    /// about the same time.
    public func lessons(inShard shard: Int, of shardCount: Int) -> [(folder: Folder, lesson: Lesson)] {
        lessons.enumerated().filter { $0.offset % shardCount == shard - 1 }.map(\.element)
    }

    /// Identifies the pack's content: a hash of every folder, lesson ID and
    /// `extra` (the audio formats), so a journal of another pack is not resumed.
    public func signature(extra: String) -> String {
        let text =
            folders.map { folder in folder.name + ":" + folder.lessons.map(\.lessonID).joined(separator: ",") }
            .joined(separator: ";") + "|" + extra
        return String(Self.fnv1a(text), radix: 16)
    }

    /// A non-negative index from a name, the same on every machine (Swift's `hashValue` is not).
    static func stableHash(_ text: String) -> Int {
        Int(truncatingIfNeeded: fnv1a(text) & 0x7FFF_FFFF)
    }

    /// 64-bit FNV-1a.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        return hash
    }
}
