import ArgumentParser
import KochClass
import KochCore
import KochLessons

extension PackCommand {
    func folderRequests(base: LessonSettings) throws -> [PackPlan.FolderRequest] {
        let words = try LessonContentSource.levelContent(for: content.kind)
        if let levels {
            let list = try Self.levels(levels, lesson: content.lessonCourse)
            return list.flatMap { PackPlan.levelFolders($0...$0, settings: base, content: words) }
        }
        return try RosterLoader(path: roster ?? "", progressFolder: progressFolder).folderRequests(base: base, content: words)
    }

    /// Starts the progress file of each learner the roster gives a level, and says where (`RosterLoader.startProgressFiles`).
    func startProgressFiles(base: LessonSettings) throws {
        guard let roster else { return }
        let loader = RosterLoader(path: roster, progressFolder: progressFolder)
        try loader.startProgressFiles(direction: base.direction, course: base.course) { learner, start in
            switch start {
            case let .started(level):
                print("\(learner.name): progress file \(learner.progressPath) started at \(base.direction.rawValue) level \(level).")
            case let .kept(level) where level != learner.level:
                print(
                    "\(learner.name): progress file \(learner.progressPath) is there, at \(base.direction.rawValue) level \(level): "
                        + "used as it is (the roster says \(learner.level ?? level)).")
            case .kept:
                print("\(learner.name): progress file \(learner.progressPath) is there, and used.")
            }
        }
    }

    /// Checks every file of the manifest: present, same SHA-256 (`PackVerification`).
    func verify(_ root: String) throws {
        guard let count = try PackVerification.verify(root) else {
            throw ValidationError("\(root) has no manifest.json: it is not a finished pack.")
        }
        print("\(root): all \(count) files match the manifest.")
    }
}
