import ArgumentParser
import Foundation
import KochIO
import KochServer

/// `koch serve export`: the whole class as one file, to import into another store.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the whole class into one file, to import it where it will be kept next (SQLite or PostgreSQL).",
        discussion: """
            The file holds every learner (with their links' and feeds' tokens, so the links handed out keep working), \
            their progress, every lesson with its answer key, every submission graded, the teacher's password (as its \
            hash) and the server's settings: all of the class but the teacher's sessions, which end with a move. It is \
            the class's key as the database is: keep it as privately.

            The lessons' audio is not in it: it stays in --data, which both stores use. A class that moves to another \
            machine takes its --data folder along (at least its lessons/ folder).

            Moving a class from its folder's SQLite file into PostgreSQL (stop the server first):
              koch serve export --data ~/class --out class.json
              createdb koch_class
              DB=postgres://koch@localhost/koch_class
              koch serve import class.json --data ~/class --database $DB
              koch serve --data ~/class --database $DB --listen 0.0.0.0:8080

            And back, into a new folder's SQLite file:
              koch serve export --data ~/class --database $DB --out class.json
              mkdir ~/class2 && cp -r ~/class/lessons ~/class2/
              koch serve import class.json --data ~/class2
            """)

    @OptionGroup var server: ServerOptions

    @Option(
        name: .customLong("out"),
        help: ArgumentHelp("Where to write the class (written whole or not at all). Default: standard output.", valueName: "file"))
    var out: String?

    func run() throws {
        // Opening a folder without a class would make an empty one, and export nothing without a word.
        if server.databaseURL == nil, !FileManager.default.fileExists(atPath: server.folder + "/class.sqlite") {
            throw CommandFailure(
                description:
                    "There is no class in \(server.folder) (no class.sqlite): give the class's folder with --data, or its database with --database.")
        }
        let service = try server.service()
        let export = try service.database.exported()
        let bytes = try export.encoded()
        let summary = "\(export.summary) from \(service.database.location)"
        if let out {
            // It holds every learner's link and the forms' secret: for its owner alone.
            try AtomicFile.write(bytes, to: out, permissions: 0o600)
            print("Exported \(summary) to \(out).")
        } else {
            FileHandle.standardOutput.write(Data(bytes))
            FileHandle.standardError.write(Data("Exported \(summary).\n".utf8))
        }
    }
}
