import ArgumentParser
import Foundation
import KochClass
import KochCore
import KochIO
import KochPresentation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write your progress as one HTML page: levels and accuracy over time, your characters, your practice calendar.",
        discussion: """
            One self-contained file (no scripts, nothing fetched), readable offline on a \
            phone: your levels over time and the accuracy of each session with the 90 % \
            line, per direction; every character of your course in Koch order with a ring \
            as long as your accuracy (orange under 50 %, yellow 50-79 %, green 80 % and over, \
            none for a character never practised); the pairs you confused lately; your fist \
            over time, week by week, from send lessons graded from a recording or a log of \
            your key, with advice on the latest week; a calendar of \
            the last 16 weeks; your streak and next practice days. Every chart has a table \
            or a sentence beside it.

            Examples:
              koch report --out report.html
              koch report --progress ann.json --out ann.html
              koch report --roster class.csv --out reports/      one page per learner with a progress file
            """
    )

    @OptionGroup
    var progress: ProgressOption

    @Option(help: ArgumentHelp("A class list (as for koch pack): a page for each learner with a progress file.", valueName: "file"))
    var roster: String?

    @Option(
        name: .customLong("progress-dir"),
        help: ArgumentHelp(
            "With --roster: where the progress files of the learners it gives a level are (as koch pack --progress-dir). Default: progress/ beside the roster.",
            valueName: "folder"))
    var progressFolder: String?

    @Option(
        name: .customLong("out"), help: ArgumentHelp("The page to write (a folder with --roster). Default: report.html (reports).", valueName: "path")
    )
    var outputPath: String?

    @OptionGroup
    var day: DayOption

    /// The reports asked for, as the library takes them.
    var request: ReportRequest {
        var request = ReportRequest()
        request.progressGiven = progress.path != nil
        request.rosterPath = roster
        request.progressFolder = progressFolder
        request.outputPath = outputPath
        return request
    }

    func validate() throws {
        switch request.conflict {
        case .progressWithRoster: throw ValidationError("With --roster each learner's progress file comes from the roster: leave out --progress.")
        case .progressFolderWithoutRoster: throw ValidationError("--progress-dir is for a roster's reports: give --roster class.csv.")
        case nil: break
        }
    }

    func run() throws {
        let outcome = try request.write(learnerStore: progress.store, today: try day.day(), templates: try Templates()) { learner, outcome in
            switch outcome {
            case .noProgressFile:
                print("  \(learner.name): no progress file yet (the roster gives a level; koch pack --roster starts one), no report.")
            case .unreadable(let reason):
                print("  \(learner.name): \(reason) No report.")
            case .written(let page, let sessions):
                print("  \(learner.name): \(page) (\(DayText.count(sessions, "session")))")
            }
        }
        switch outcome {
        case let .page(path, sessionCount, progressFile):
            print("Wrote \(path): \(DayText.count(sessionCount, "session")) from \(progressFile).")
        case let .classPages(folder, written, unreadable):
            print("Wrote \(DayText.count(written, "report")) into \(folder).")
            if !unreadable.isEmpty {
                throw CommandFailure(
                    description: "No report for \(unreadable.joined(separator: ", ")): the progress file could not be read (see above).")
            }
        }
    }
}
