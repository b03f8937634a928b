import ArgumentParser
import Foundation
import KochCore
import KochIO
import KochLessons
import KochPresentation
import KochServer

/// Where the class is kept, and the address the server gives its learners.
struct ServerOptions: ParsableArguments {
    @Option(
        name: .customLong("data"),
        help: ArgumentHelp(
            "The class's folder: its database (class.sqlite) and the lessons' audio. Default: $XDG_DATA_HOME/koch/class (~/.local/share/koch/class).",
            valueName: "folder"))
    var dataFolder: String?

    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "Keep the class in PostgreSQL (postgres://USER@HOST/DB) rather than the folder's SQLite file: for several servers of a "
                + "school on one database. The lessons' audio stays in --data, which those servers share. Default: --data's class.sqlite.",
            valueName: "url"))
    var databaseURL: String?

    @Option(
        name: .customLong("url"),
        help: ArgumentHelp(
            "The address learners' phones and podcast apps reach the server at, as the links say it (https://koch.example.org behind a "
                + "reverse proxy). Default: the last one the server was started with, else http://HOST:PORT of --listen.",
            valueName: "url"))
    var publicURL: String?

    @Option(
        name: .customLong("lesson-minutes"),
        help: ArgumentHelp(
            "How long the learners' lessons are, in minutes (\(LessonSettings.Limits.minutes.lowerBound.formatted) to "
                + "\(LessonSettings.Limits.minutes.upperBound.formatted)). Default: \(LessonSettings.Defaults.minutes.formatted).",
            valueName: "minutes"))
    var lessonMinutes = LessonSettings.Defaults.minutes

    /// The class's folder.
    var folder: String {
        if let dataFolder { return dataFolder }
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/koch/class" }
        return (environment["HOME"] ?? ".") + "/.local/share/koch/class"
    }

    func validate() throws {
        guard LessonSettings.Limits.minutes.contains(lessonMinutes) else {
            throw ValidationError(
                "--lesson-minutes is \(LessonSettings.Limits.minutes.lowerBound.formatted) to "
                    + "\(LessonSettings.Limits.minutes.upperBound.formatted), not \(lessonMinutes.formatted).")
        }
        if let databaseURL, !(databaseURL.hasPrefix("postgres://") || databaseURL.hasPrefix("postgresql://")) {
            throw ValidationError("--database is a PostgreSQL address, postgres://USER@HOST/DB, not \"\(databaseURL)\".")
        }
        if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) || publicURL.contains(where: \.isWhitespace) {
            throw ValidationError("--url is the address learners reach the server at, starting http:// or https://, not \"\(publicURL)\".")
        }
    }

    /// Opens the class (made on first use), its clock `KOCH_NOW` when that is set.
    func service() throws -> ClassService {
        let opened = try ClassService.open(dataFolder: folder, databaseURL: databaseURL, templates: try Templates())
        return ClassService(
            database: opened.database, dataFolder: opened.dataFolder, templates: opened.templates, lessonMinutes: lessonMinutes,
            now: { (try? RunClock.now()) ?? Date() })
    }
}
