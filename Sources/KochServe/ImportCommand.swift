import ArgumentParser
import Foundation
import KochIO
import KochServer

/// `koch serve import`: a class `koch serve export` wrote, into an empty store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring a class that koch serve export wrote into an empty store: a new --data folder, or a new PostgreSQL database.",
        discussion: """
            Everything comes as it was: the learners with their numbers and their links (the links handed out keep \
            working), their progress, the lessons, the grades, the gradebook, the teacher's password. The teacher logs \
            in again. It is all written in one transaction, or none of it; a store that already holds a class (a \
            learner, a lesson or a teacher's password) is refused and left as it was.

            The lessons' audio stays in --data: give the folder the class was exported from, or a copy of its lessons/ \
            folder in the new one (a class that moves to another machine takes its folder along).

            Moving a class from its folder's SQLite file into PostgreSQL (stop the server first):
              koch serve export --data ~/class --out class.json
              createdb koch_class
              DB=postgres://koch@localhost/koch_class
              koch serve import class.json --data ~/class --database $DB
              koch serve --data ~/class --database $DB --listen 0.0.0.0:8080

            Or through a pipe, without a file:
              koch serve export --data ~/class |
                koch serve import - --data ~/class --database $DB
            """)

    @Argument(help: ArgumentHelp("The file koch serve export wrote (- for standard input).", valueName: "file"))
    var file: String

    @OptionGroup var server: ServerOptions

    func run() throws {
        // Read and checked first: a file that is no class leaves the store as it was, not even made.
        let export = try ClassExport.decoded(from: try Self.contents(of: file), path: file == "-" ? "standard input" : file)
        let service = try server.service()
        try service.database.importClass(export)
        print("Imported \(export.summary) into \(service.database.location).")
        let missing = export.lessons.filter { !FileManager.default.fileExists(atPath: server.folder + "/" + $0.audioFile) }
        if !missing.isEmpty {
            FileHandle.standardError.write(
                Data(
                    ("The audio of \(missing.count) of the lessons is not in \(server.folder) (\(missing[0].audioFile) among them): copy the "
                        + "lessons/ folder of the class's old --data there, else those lessons will not play.\n").utf8))
        }
    }

    /// The file's bytes (standard input's for `-`).
    static func contents(of file: String) throws -> [UInt8] {
        if file == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard let bytes = try FileBytes.read(file, action: "read the class export") else {
            throw CommandFailure(description: "There is no file \(file): give the file koch serve export wrote.")
        }
        return bytes
    }
}
