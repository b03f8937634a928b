import ArgumentParser
import Foundation
import KochClass
import KochCore
import KochIO

struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Score your copy of a lesson against its answer key, and record it in your progress.",
        discussion: discussion
    )

    @Option(name: .customLong("key"), help: ArgumentHelp("The lesson's answer key, NAME.key.json, written by `koch lesson`.", valueName: "file"))
    var keyOption: String?

    /// The key; `validate()` has made sure it was given, unless a class is graded.
    var keyPath: String { keyOption ?? "" }

    @OptionGroup(title: "A class's returns (instead of --key)")
    var returns: ClassReturnsOptions

    @Option(
        name: .customLong("transcript"),
        help: ArgumentHelp("Your copy, as a text file; - or nothing reads it from standard input.", valueName: "file"))
    var transcriptPath: String?

    @Option(
        name: .customLong("audio"),
        help: ArgumentHelp(
            "A recording of your keying of a send exercise, or of a contact you answered (the lesson aloud, your overs in its pauses), to grade.",
            valueName: "file"))
    var audioPath: String?

    @Option(
        name: .customLong("events"),
        help: ArgumentHelp(
            "A log of your paddle or straight-key events for a send exercise (see koch keyer), or for a contact to answer (timed from the lesson's start), to grade.",
            valueName: "file"))
    var eventsPath: String?

    @OptionGroup(title: "Paddle logs (--events)")
    var keyer: KeyerOptions

    @Option(
        name: .customLong("tone"),
        help:
            "With --audio: your sidetone's frequency in Hz, from 100 to 0.45 of the sample rate, if the automatic search (300 to 1500 Hz) picks the wrong one; a few hertz off is near enough."
    )
    var toneHz: Double?

    @Option(
        name: .customLong("wpm"),
        help:
            "With --audio: your speed in WPM (\(GradeRequest.recordingSpeedRangeWPM.lowerBound.formatted) to \(GradeRequest.recordingSpeedRangeWPM.upperBound.formatted)), if the decoder misjudges it."
    )
    var speedWPM: Double?

    @OptionGroup
    var progress: ProgressOption

    @Option(
        help: ArgumentHelp(
            "When you did the lesson, on your clock: 2026-11-21T19:30 (or with an offset, +01:00). Default: now.",
            valueName: "date"))
    var date: String?

    @Option(
        name: .customLong("stopped-at"),
        help: ArgumentHelp(
            "Where you stopped the lesson, from its start (M:SS, as the player shows it): only what was sent before it is graded.",
            valueName: "time"))
    var stoppedAt: LessonMoment?

    @Option(
        name: .customLong("heard"),
        help: ArgumentHelp(
            "For a spoken lesson (koch lesson --speak): how many of its items (groups, words, or a QSO's lines) you got right, by your own reckoning. Counts for your streak and schedule, not your level or character statistics.",
            valueName: "count"))
    var heard: Int?

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    @Flag(help: "Score only: record nothing in the progress file.")
    var dryRun = false

    @Flag(help: "Grade a lesson that was graded before again, replacing the earlier result.")
    var replace = false

    @Flag(
        help:
            "Record a copy that covers under a quarter of the lesson, as a partial copy: it counts for your streak and history, not your statistics, level or schedule."
    )
    var partial = false

    @Flag(
        help:
            "Record a copy even though it does not look like one of this lesson (another key in the folder fits it far better, or it matches almost nothing of this one)."
    )
    var force = false

    func validate() throws {
        if let date, LocalTimestamp.parse(date, timeZone: .current) == nil {
            throw ValidationError("--date must be a date and time such as 2026-11-21T19:30 or 2026-11-21, not \"\(date)\".")
        }
        if returns.isGiven { return try validateClass() }
        guard keyOption != nil else {
            throw ValidationError("Give the lesson's answer key with --key NAME.key.json (or a class's returns with --pack, --returns and --roster).")
        }
        // What conflicts is the same whenever it is graded: the clock is no part of it.
        if let conflict = try request(gradedAt: LocalTimestamp(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0)).conflict {
            throw ValidationError(GradeConflictText.message(conflict))
        }
        if heard == nil, audioPath == nil, eventsPath == nil, transcriptPath == nil || transcriptPath == "-", isatty(STDIN_FILENO) == 1 {
            throw ValidationError("Give your copy with --transcript FILE, or pipe it in: koch grade --key \(keyPath) < copy.txt")
        }
    }

    func run() throws {
        if returns.isGiven { return try gradeClass() }
        let store = progress.store
        let request = try request(gradedAt: LocalTimestamp(date: try Now.date(), timeZone: .current))
        let words = GradeRefusalText(
            keyPath: keyPath, lessonID: "", progressFile: store.path, date: date, copySource: transcriptName ?? "Standard input",
            returnSource: audioPath ?? eventsPath ?? transcriptName ?? "your copy")
        let result: GradeResult
        do {
            result = try Grader(warn: Self.warn).grade(request)
        } catch .notWritten(let result, let failure) {
            // The score stands and is said first; then why it was not recorded.
            print(try GradeResultText(result: result, progressFile: store.path, json: json).text(), terminator: "")
            throw failure
        } catch {
            throw words.failure(error, transcriptName: transcriptName)
        }
        print(try GradeResultText(result: result, progressFile: store.path, json: json).text(), terminator: "")
    }

    /// The transcript's file; nil when the copy comes on standard input.
    var transcriptName: String? { transcriptPath.flatMap { $0 == "-" ? nil : $0 } }

    /// When the lessons were done (`--date`, else now) and when they are graded (now), on this machine's clock.
    func sessionDates() throws -> (done: LocalTimestamp, gradedAt: LocalTimestamp) {
        let gradedAt = LocalTimestamp(date: try Now.date(), timeZone: .current)
        return (date.flatMap { LocalTimestamp.parse($0, timeZone: .current) } ?? gradedAt, gradedAt)
    }

    /// Said on standard error, where it is seen even when standard output goes to a file.
    @Sendable static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
