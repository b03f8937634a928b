import Foundation
import KochCore
import KochIO

/// Reads a class roster and each learner's progress file, turning them into
/// the pack's folders: one a learner, at their level, with their weak
/// characters weighted.
public struct RosterLoader: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// A learner of the roster, with the folder their lessons have in a pack made from it.
    public struct Learner: Sendable, Hashable {
        public let name: String
        /// The roster's line, for messages.
        public let line: Int
        /// `learner-ann-lee`: the learner's folder in a pack.
        public let folderName: String
        /// The progress file, resolved against the roster's folder; nil when the roster gives a level.
        public let progressPath: String?
        /// The level the roster gives, when it gives one.
        public let level: Int?
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
            var slug = "learner-" + PackPlan.slug(learner.name)
            while !slugs.insert(slug).inserted { slug += "-\(learner.line)" }
            switch learner.source {
            case let .level(level):
                return Learner(name: learner.name, line: learner.line, folderName: slug, progressPath: nil, level: level)
            case let .progressFile(file):
                let progressPath = file.hasPrefix("/") ? file : folder.appendingPathComponent(file).path
                return Learner(name: learner.name, line: learner.line, folderName: slug, progressPath: progressPath, level: nil)
            }
        }
    }

    public func folderRequests(base: LessonSettings, content: LessonContent = .generated) throws -> [PackPlan.FolderRequest] {
        try learners(course: base.course).map { learner in
            var settings = base
            var source = ""
            if let level = learner.level {
                settings.level = level
            } else if let progressPath = learner.progressPath {
                guard FileManager.default.fileExists(atPath: progressPath) else {
                    throw FileError.malformed(
                        path: path, reason: "line \(learner.line): \(learner.name)'s progress file \(progressPath) does not exist.")
                }
                let progress: LearnerProgress
                do {
                    progress = try ProgressStore(path: progressPath).read()
                } catch {
                    throw FileError.malformed(path: path, reason: "line \(learner.line): \(learner.name)'s progress file cannot be used. \(error)")
                }
                // A pack's lessons are of a level's characters, so the level counts in the pack's course.
                let plan = LessonPlan(
                    level: nil, lesson: LessonCourse(kind: base.kind, asked: base.course), direction: base.direction, progress: progress)
                settings.level = plan.level
                settings.extraWeight = plan.extraWeight
                source = base.direction == .send ? ", send level from progress" : ", from progress"
            }
            let characters = base.course.unlocked(atLevel: settings.level).map(\.text).joined(separator: " ")
            return PackPlan.FolderRequest(
                name: learner.folderName, title: "\(learner.name), level \(settings.level) (\(characters))\(source)",
                settings: settings, content: content)
        }
    }
}
