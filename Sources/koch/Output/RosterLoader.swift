import Foundation
import KochCore
import KochIO

/// Reads a class roster and each learner's progress file, turning them into
/// the pack's folders: one a learner, at their level, with their weak
/// characters weighted.
struct RosterLoader {
    let path: String

    func folderRequests(base: LessonSettings, content: LessonContent = .generated) throws -> [PackPlan.FolderRequest] {
        guard let data = try FileBytes.read(path, action: "read the roster") else {
            throw FileError.system(path: path, action: "read the roster", errno: ENOENT)
        }
        let roster: Roster
        do {
            roster = try RosterFile.parse(String(decoding: data, as: UTF8.self), course: base.course)
        } catch {
            throw FileError.malformed(path: path, reason: error.description)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var slugs = Set<String>()
        return try roster.learners.map { learner in
            var settings = base
            var source = ""
            switch learner.source {
            case let .level(level):
                settings.level = level
            case let .progressFile(file):
                let progressPath = file.hasPrefix("/") ? file : folder.appendingPathComponent(file).path
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
                let learner = DirectionProgress(progress: progress, direction: base.direction)
                settings.level = min(learner.level, base.course.lastLevel)
                settings.extraWeight = WeakCharacters(statistics: learner.characters)
                    .extraWeights(unlocked: base.course.unlocked(atLevel: settings.level))
                source = base.direction == .send ? ", send level from progress" : ", from progress"
            }
            var slug = "learner-" + PackPlan.slug(learner.name)
            while !slugs.insert(slug).inserted { slug += "-\(learner.line)" }
            let characters = base.course.unlocked(atLevel: settings.level).map(\.text).joined(separator: " ")
            return PackPlan.FolderRequest(
                name: slug, title: "\(learner.name), level \(settings.level) (\(characters))\(source)",
                settings: settings, content: content)
        }
    }
}
