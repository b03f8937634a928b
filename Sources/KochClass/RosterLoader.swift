import Foundation
import KochCore
import KochIO

/// Reads a class roster and each learner's progress file, turning them into
/// the pack's folders: one a learner, at their level, with their weak
/// characters weighted. A line that gives a level has its progress file in
/// `progressFolder` (`progress/NAME.json` beside the roster by default),
/// started at that level when the pack is made (`RosterLoader+Start`).
public struct RosterLoader: Sendable {
    public let path: String
    /// Where the progress files of the learners the roster gives a level are kept.
    public let progressFolder: String

    /// `progressFolder`: nil for `progress/` beside the roster.
    public init(path: String, progressFolder: String? = nil) {
        self.path = path
        self.progressFolder = progressFolder.map(ClassGrading.withoutTrailingSlash) ?? Self.defaultProgressFolder(roster: path)
    }

    /// `progress/` in the roster's folder.
    public static func defaultProgressFolder(roster: String) -> String {
        let folder = FileBytes.folder(of: roster)
        return (folder.isEmpty ? "" : folder + "/") + "progress"
    }

    /// A learner of the roster, with the folder their lessons have in a pack made from it.
    public struct Learner: Sendable, Hashable {
        public let name: String
        /// The roster's line, for messages.
        public let line: Int
        /// `learner-ann-lee`: the learner's folder in a pack.
        public let folderName: String
        /// The progress file: the roster's, resolved against the roster's folder, or for a line
        /// that gives a level, `NAME.json` in the progress folder.
        public let progressPath: String
        /// The level the roster gives, when it gives one: where their progress file starts.
        public let level: Int?

        public init(name: String, line: Int, folderName: String, progressPath: String, level: Int?) {
            self.name = name
            self.line = line
            self.folderName = folderName
            self.progressPath = progressPath
            self.level = level
        }
    }

    /// The roster's learners, in its order; throws `FileError` naming the roster when it cannot be read.
    public func learners(course: KochCourse = .letters) throws -> [Learner] {
        guard let data = try FileBytes.read(path, action: "read the roster") else {
            throw FileError.system(path: path, action: "read the roster", errno: ENOENT)
        }
        let roster: Roster
        do {
            roster = try RosterFile.parse(String(decoding: data, as: UTF8.self), course: course)
        } catch {
            throw FileError.malformed(path: path, reason: error.description)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var slugs = Set<String>()
        return roster.learners.map { learner in
            var slug = PackPlan.slug(learner.name)
            // Two names that spell the same stay apart by their line (and so do their progress files).
            while !slugs.insert(slug).inserted { slug += "-\(learner.line)" }
            switch learner.source {
            case let .level(level):
                return Learner(
                    name: learner.name, line: learner.line, folderName: "learner-" + slug, progressPath: progressFolder + "/" + slug + ".json",
                    level: level)
            case let .progressFile(file):
                let progressPath = file.hasPrefix("/") ? file : folder.appendingPathComponent(file).path
                return Learner(name: learner.name, line: learner.line, folderName: "learner-" + slug, progressPath: progressPath, level: nil)
            }
        }
    }

    public func folderRequests(base: LessonSettings, content: LessonContent = .generated) throws -> [PackPlan.FolderRequest] {
        try learners(course: base.course).map { learner in
            var settings = base
            var source = ""
            if let level = learner.level, !FileManager.default.fileExists(atPath: learner.progressPath) {
                settings.level = level
            } else {
                let plan = LessonPlan(
                    level: nil, lesson: LessonCourse(kind: base.kind, asked: base.course), direction: base.direction,
                    progress: try progressAsStarted(of: learner, direction: base.direction, course: base.course))
                settings.level = plan.level
                settings.extraWeight = plan.extraWeight
                // A file the roster's level started says no more than the roster, and a pack finished later reads the same.
                if learner.level == nil || plan.levelFromProgress {
                    source = base.direction == .send ? ", send level from progress" : ", from progress"
                }
            }
            let characters = base.course.unlocked(atLevel: settings.level).map(\.text).joined(separator: " ")
            return PackPlan.FolderRequest(
                name: learner.folderName, title: "\(learner.name), level \(settings.level) (\(characters))\(source)",
                settings: settings, content: content)
        }
    }

    /// The learner's progress as the pack leaves it: a direction the roster's level starts
    /// (`startProgressFiles`, when the pack is made) is planned from that level, not from level 2.
    func progressAsStarted(of learner: Learner, direction: Direction, course: KochCourse) throws -> LearnerProgress {
        let progress = try progress(of: learner)
        guard let level = learner.level else { return progress }
        var start = StartingLevels()
        start[direction] = StartingLevel(level: level, course: course)
        return progress.starting(start) ?? progress
    }

    /// The learner's progress file, read; throws naming the roster's line when it is missing or cannot be read.
    func progress(of learner: Learner) throws -> LearnerProgress {
        guard FileManager.default.fileExists(atPath: learner.progressPath) else {
            throw FileError.malformed(
                path: path, reason: "line \(learner.line): \(learner.name)'s progress file \(learner.progressPath) does not exist.")
        }
        do {
            return try ProgressStore(path: learner.progressPath).read()
        } catch {
            throw FileError.malformed(path: path, reason: "line \(learner.line): \(learner.name)'s progress file cannot be used. \(error)")
        }
    }
}

extension RosterLoader.Learner {
    /// The learner with the folder the pack at `pack` has for them: a pack made before names were
    /// transliterated has `learner-anna-m-ller` for Anna Müller, and is graded all the same.
    public func inPack(_ pack: String) -> Self {
        func exists(_ folder: String) -> Bool {
            [pack + "/" + folder, pack + "/teacher/" + folder].contains { FileManager.default.fileExists(atPath: $0) }
        }
        let untransliterated = "learner-" + PackPlan.asciiSlug(name)
        guard !exists(folderName), untransliterated != folderName, untransliterated != "learner-", exists(untransliterated) else { return self }
        return Self(name: name, line: line, folderName: untransliterated, progressPath: progressPath, level: level)
    }
}
