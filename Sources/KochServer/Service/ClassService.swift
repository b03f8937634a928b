import Foundation
import KochCore
import KochIO
import KochPresentation

/// The class server's work, behind every page and the API: a learner's lessons made and kept,
/// their returns graded by the same `Grader` as `koch grade` and recorded in one transaction, the
/// class's gradebook. Pages and routes parse a request, call it and render what it returns.
public struct ClassService: Sendable {
    /// Where the class is kept.
    public let database: any ClassStore
    /// Where the lessons' audio is kept (`lessons/ID/…`), beside the database.
    public let dataFolder: String
    public let templates: Templates
    /// The present, for lessons' dates and grades (the server's clock; tests give their own).
    public let now: @Sendable () -> Date
    /// The largest upload taken.
    public let limits: UploadLimits
    /// bcrypt's cost for the teacher's password (`passwordCost`; the library's tests take the least).
    public var passwordCost = ClassService.passwordCost
    /// How long the learners' lessons are (five minutes, as `koch lesson` makes them, unless the teacher says otherwise).
    public let lessonMinutes: Double

    public init(
        database: any ClassStore, dataFolder: String, templates: Templates, limits: UploadLimits = UploadLimits(),
        lessonMinutes: Double = LessonSettings.Defaults.minutes, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.dataFolder = dataFolder
        self.templates = templates
        self.limits = limits
        self.lessonMinutes = lessonMinutes
        self.now = now
    }

    /// Opens the class in `dataFolder` (the database `class.sqlite` and the lessons' folder), or kept
    /// in the PostgreSQL database at `databaseURL` with its lessons' audio in `dataFolder`.
    public static func open(dataFolder: String, databaseURL: String? = nil, templates: Templates) throws -> ClassService {
        try Folder.prepareForWriting(dataFolder)
        let database: any ClassStore =
            try databaseURL.map { try PostgresClassStore(url: $0) } ?? ClassDatabase(path: dataFolder + "/class.sqlite")
        return ClassService(database: database, dataFolder: dataFolder, templates: templates)
    }

    /// Today on the server's calendar.
    public var today: CalendarDay { LocalTimestamp(date: now(), timeZone: .current).day }

    /// The learner's standing today, as `koch status --json` gives it.
    public func status(of learner: LearnerRow) throws -> StatusReport {
        let progress = try database.progress(of: learner)
        return ProgressStatus(progress: progress, today: today).report(progressFile: learner.progressName)
    }

    /// The learner's progress report, the page `koch report` writes.
    public func reportPage(of learner: LearnerRow) throws -> String {
        let progress = try database.progress(of: learner)
        return try ReportPage.html(
            ProgressReport(progress: progress, today: today), learner: learner.name, progressFile: learner.progressName, templates: templates)
    }
}

/// How much an upload may be.
public struct UploadLimits: Sendable {
    /// A recording's file: a five-minute exercise from a phone is well under it.
    public var recordingBytes = 20 * 1_048_576
    /// A recording's length, in seconds: longer is not an exercise.
    public var recordingSeconds = 15.0 * 60
    /// A typed copy.
    public var copyBytes = 64 * 1024
    /// A live session's typing (as JSON) or a log of key events keyed on the page.
    public var liveBytes = 512 * 1024
    /// A progress file uploaded back.
    public var progressBytes = 8 * 1_048_576

    public init() {}
}
