import ArgumentParser
import Foundation
import KochServer
import Logging

@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koch serve",
        abstract: "A class server: each learner's lessons on their phone and in their podcast app, their copies and recordings graded as sent.",
        discussion: """
            The teacher runs it for their own class; learners open their personal link on a phone. Everything is kept \
            in one folder (--data): a SQLite database and the lessons' audio. Put it behind a reverse proxy for HTTPS \
            (docs/server.md has an nginx example) and give that address with --url.

            First time:
              koch serve --roster class.csv --set-password     (add the class, choose the teacher's password)
              koch serve --listen 0.0.0.0:8080 --url http://192.168.1.20:8080
              koch serve links                                 (each learner's link and feed, to hand out)

            Then open http://HOST:8080/teacher for the gradebook, or print the QR codes at /teacher/sheet.
            """,
        subcommands: [LinksCommand.self, ExportCommand.self, ImportCommand.self]
    )

    @OptionGroup var server: ServerOptions

    @Option(
        name: .customLong("listen"),
        help: ArgumentHelp("Where to serve, HOST:PORT (0.0.0.0:8080 for a classroom's network).", valueName: "host:port"))
    var listen = "127.0.0.1:8080"

    @Option(
        name: .customLong("roster"),
        help: ArgumentHelp(
            "Add the learners of a roster (name, level lines, as `koch pack` reads) before serving; those already in the class are kept.",
            valueName: "file"))
    var roster: String?

    @Flag(
        name: .customLong("set-password"),
        help: "Set the teacher's password (read from the terminal, or a line of standard input), then stop without serving.")
    var setPassword = false

    @Flag(name: .customLong("no-serve"), help: "Only add the roster's learners (with --roster), then stop.")
    var noServe = false

    @Option(
        name: .customLong("submissions-per-minute"),
        help: ArgumentHelp("How many returns a learner may send in a minute before the server asks them to wait (1 to 1000).", valueName: "n"))
    var submissionsPerMinute = 10

    func validate() throws {
        guard (1...1000).contains(submissionsPerMinute) else {
            throw ValidationError("--submissions-per-minute is 1 to 1000, not \(submissionsPerMinute).")
        }
        guard ListenAddress(listen) != nil else {
            throw ValidationError("--listen is HOST:PORT, like 127.0.0.1:8080 or 0.0.0.0:8080, not \"\(listen)\".")
        }
    }

    func run() async throws {
        let service = try server.service()
        if let roster {
            let added = try service.addLearners(rosterPath: roster)
            for learner in added.added { print("Added \(learner.name) at level \(learner.level).") }
            if !added.kept.isEmpty { print("Already in the class, kept as they are: \(added.kept.joined(separator: ", ")).") }
        }
        if setPassword {
            do {
                try service.setTeacherPassword(try PasswordReading.read())
            } catch let refusal as ServerRefusal {
                throw ValidationError(refusal.message)
            }
            print("The teacher's password is set (kept as a bcrypt hash in \(service.database.location)).")
            return
        }
        if noServe { return }
        guard let address = ListenAddress(listen) else { throw ValidationError("--listen is HOST:PORT.") }
        let links = try service.links(given: server.publicURL, listening: "http://\(address.host):\(address.port)")
        var logger = Logger(label: "koch-serve")
        logger.logLevel = .info
        let classServer = try ClassServer(service: service, links: links, submissionsPerMinute: submissionsPerMinute, logger: logger)
        print("Serving the class in \(server.folder) at http://\(address.host):\(address.port) (links give \(links.publicURL)).")
        print("Teacher: \(links.publicURL)/teacher · learners' links: koch serve links · stop with Ctrl-C.")
        if try service.database.teacherPasswordHash() == nil {
            print("No teacher's password yet: set one with koch serve --set-password.")
        }
        // Said before the server's own log lines, even when standard output is a pipe or a file.
        fflush(nil)
        try await classServer.run(host: address.host, port: address.port, logger: logger)
    }
}

/// `HOST:PORT` as --listen takes it.
struct ListenAddress {
    let host: String
    let port: Int

    init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65_535).contains(port) else {
            return nil
        }
        let host = String(text[..<colon])
        guard !host.isEmpty else { return nil }
        self.host = host
        self.port = port
    }
}
