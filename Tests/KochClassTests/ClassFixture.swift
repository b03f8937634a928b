import Foundation
import KochCore
import KochIO
import KochLessons

/// A class on disk for one test: a roster with a progress file for each learner, a pack of answer
/// keys (no audio) in each learner's folder, and an empty folder of returns.
struct ClassFixture {
    let root: String
    var pack: String { root + "/week1" }
    var returns: String { root + "/returns" }
    var roster: String { root + "/class.csv" }
    /// Each learner's keys, by their pack folder.
    private(set) var keys: [String: [(path: String, key: AnswerKey)]] = [:]

    /// `learners`: name and how many lessons of `level` each has.
    init(learners: [(name: String, lessons: Int)], direction: Direction = .receive, level: Int = 2) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("koch-class-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: returns, withIntermediateDirectories: true)
        var roster = "name, progress\n"
        for (index, learner) in learners.enumerated() {
            let file = "progress-\(index).json"
            roster += (learner.name.contains(",") ? "\"\(learner.name)\"" : learner.name) + ", \(file)\n"
            let folder = "learner-" + PackPlan.slug(learner.name)
            try FileManager.default.createDirectory(atPath: pack + "/" + folder, withIntermediateDirectories: true)
            for number in 1...learner.lessons {
                var settings = LessonSettings()
                // Long enough (over 20 characters) for a level to move.
                settings.minutes = 1
                settings.direction = direction
                settings.level = level
                settings.seed = UInt64(100 * index + number)
                let lesson = try Lesson(settings: settings, number: number, count: learner.lessons)
                let key = AnswerKey(lesson: lesson, createdAt: Date(timeIntervalSince1970: 1_759_276_800))
                let path = pack + "/" + folder + "/" + LessonWriter.baseName(of: lesson) + ".key.json"
                try AnswerKeyFile.encode(key).write(toFile: path, atomically: true, encoding: .utf8)
                keys[folder, default: []].append((path, key))
            }
        }
        try roster.write(toFile: self.roster, atomically: true, encoding: .utf8)
    }

    func progressPath(_ index: Int) -> String { root + "/progress-\(index).json" }

    /// The key's groups, as a perfect copy.
    static func copy(of key: AnswerKey) -> String { key.groups.map(\.text).joined(separator: " ") + "\n" }

    /// Writes a return into `returns/FOLDER/NAME` and returns its path.
    @discardableResult
    func write(_ text: String, to folder: String, name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: returns + "/" + folder, withIntermediateDirectories: true)
        let path = returns + "/" + folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func grading(replace: Bool = false) -> ClassGradingSetup {
        ClassGradingSetup(fixture: self, replace: replace)
    }
}

/// The dates every test grades on: lessons done on 2026-11-23 at 18:00 UTC, graded an hour later.
struct ClassGradingSetup {
    let fixture: ClassFixture
    let replace: Bool
    static let done = LocalTimestamp(date: Date(timeIntervalSince1970: 1_795_456_800), utcOffsetSeconds: 0)
    static let gradedAt = LocalTimestamp(date: Date(timeIntervalSince1970: 1_795_460_400), utcOffsetSeconds: 0)
}
