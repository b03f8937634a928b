import Foundation
import KochCore
import KochIO
import KochPresentation

/// A class's progress pages: one for each learner of a roster whose progress file reads,
/// named as the learner's folder in a pack made from the roster.
public enum ClassReports {
    /// What became of one learner of the roster.
    public enum Outcome: Sendable {
        /// Their page was written at `path`, from that many sessions.
        case written(path: String, sessions: Int)
        /// The roster gives a level, and no pack has started its progress file yet.
        case noProgressFile
        /// Their progress file is missing or could not be read, for `reason`.
        case unreadable(reason: String)
    }

    /// Writes a page into `folder` for each learner of the roster at `rosterPath`, as of `today`,
    /// telling `each` of every learner in the roster's order; the progress files of the learners it
    /// gives a level are in `progressFolder` (nil: `progress/` beside the roster). Throws when the roster cannot be
    /// read or a page cannot be written; a learner whose progress file cannot be read is passed over.
    public static func write(
        rosterPath: String, progressFolder: String? = nil, into folder: String, today: CalendarDay, templates: Templates,
        each: (_ learner: RosterLoader.Learner, _ outcome: Outcome) -> Void
    ) throws {
        // A level names no progress file and is passed over, so a level of either course is a good line.
        let learners = try RosterLoader(path: rosterPath, progressFolder: progressFolder).learners(course: .full)
        try Folder.prepareForWriting(folder)
        for learner in learners {
            let path = learner.progressPath
            // A level whose progress file no pack has started yet.
            if learner.level != nil, !FileManager.default.fileExists(atPath: path) {
                each(learner, .noProgressFile)
                continue
            }
            let recorded: LearnerProgress
            do {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw FileError.malformed(path: path, reason: "there is no progress file here.")
                }
                recorded = try ProgressStore(path: path).read()
            } catch {
                each(learner, .unreadable(reason: "\(error)"))
                continue
            }
            let page = ClassGrading.withoutTrailingSlash(folder) + "/" + pageName(of: learner) + ".html"
            try ReportPage.write(
                ProgressReport(progress: recorded, today: today), learner: learner.name, progressFile: path, to: page, templates: templates)
            each(learner, .written(path: page, sessions: recorded.sessions.count))
        }
    }

    /// A learner's page is named as their folder in a pack made from the roster (`ann-lee` for
    /// `learner-ann-lee`), two names that make the same kept apart by their line there.
    public static func pageName(of learner: RosterLoader.Learner) -> String {
        let prefix = "learner-"
        return learner.folderName.hasPrefix(prefix) ? String(learner.folderName.dropFirst(prefix.count)) : learner.folderName
    }
}
