import KochCore
import KochIO
import KochPresentation

/// What a front end asks of progress reports (`koch report`): one learner's page from their
/// progress file, or a page for each learner of a class list who has one. `conflict` says what
/// cannot be asked together; `write(learnerStore:today:templates:each:)` writes the pages.
public struct ReportRequest: Sendable, Hashable {
    /// Whether a progress file was named for the one learner (with a roster, each learner's comes from it).
    public var progressGiven = false
    /// A class list: a page for each learner with a progress file.
    public var rosterPath: String?
    /// With a roster: where the progress files of the learners it gives a level are; nil for `progress/` beside it.
    public var progressFolder: String?
    /// The page to write (a folder with a roster); nil for `defaultPagePath` (`defaultFolder`).
    public var outputPath: String?

    public init() {}

    /// Where one learner's page goes unless told.
    public static let defaultPagePath = "report.html"
    /// Where a class's pages go unless told.
    public static let defaultFolder = "reports"

    /// What is asked together that cannot be.
    public enum Conflict: Error, Sendable, Hashable {
        /// A progress file named with a roster, which names each learner's.
        case progressWithRoster
        /// A folder of progress files without a roster to find them by.
        case progressFolderWithoutRoster
    }

    /// The first thing asked that cannot be; nil when the pages can be written as asked.
    public var conflict: Conflict? {
        if rosterPath != nil, progressGiven { return .progressWithRoster }
        if progressFolder != nil, rosterPath == nil { return .progressFolderWithoutRoster }
        return nil
    }

    /// The page, or the folder of pages, written.
    public var resolvedOutputPath: String { outputPath ?? (rosterPath == nil ? Self.defaultPagePath : Self.defaultFolder) }

    /// What was written.
    public enum Outcome: Sendable, Hashable {
        /// One learner's page, from so many sessions of their progress file.
        case page(path: String, sessionCount: Int, progressFile: String)
        /// A class's pages in a folder: how many, and the learners whose progress file could not be read.
        case classPages(folder: String, written: Int, unreadable: [String])
    }

    /// Writes the page of the learner of `learnerStore` as of `today`, or, with a roster, each
    /// learner's, telling `each` of every learner in the roster's order.
    public func write(
        learnerStore: ProgressStore, today: CalendarDay, templates: Templates,
        each: (_ learner: RosterLoader.Learner, _ outcome: ClassReports.Outcome) -> Void = { _, _ in }
    ) throws -> Outcome {
        let path = resolvedOutputPath
        guard let rosterPath else {
            let recorded = try learnerStore.read()
            try ReportPage.write(
                ProgressReport(progress: recorded, today: today), learner: "you", progressFile: learnerStore.path, to: path, templates: templates)
            return .page(path: path, sessionCount: recorded.sessions.count, progressFile: learnerStore.path)
        }
        var written = 0
        var unreadable: [String] = []
        try ClassReports.write(rosterPath: rosterPath, progressFolder: progressFolder, into: path, today: today, templates: templates) {
            learner, outcome in
            switch outcome {
            case .noProgressFile: break
            case .unreadable: unreadable.append(learner.name)
            case .written: written += 1
            }
            each(learner, outcome)
        }
        return .classPages(folder: path, written: written, unreadable: unreadable)
    }
}
