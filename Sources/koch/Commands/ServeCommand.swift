import ArgumentParser
import Foundation

/// `koch serve`: the class server, a program of its own (`koch-serve`, beside `koch`) so that
/// building `koch` does not build the server's HTTP stack; this command runs it with the same arguments.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the class server: each learner's lessons on their phone and in their podcast app, graded as sent (koch serve --help).",
        helpNames: []
    )

    @Argument(parsing: .captureForPassthrough, help: "The server's options and subcommands (koch serve --help lists them).")
    var arguments: [String] = []

    func run() throws {
        guard let server = Self.serverProgram() else {
            throw CommandFailure(
                description: """
                    koch serve runs koch-serve, which is not beside \(Self.ownPath() ?? "koch") nor on PATH. Build it with \
                    `make serve` (or `swift build -c release --product koch-serve`).
                    """)
        }
        let argv = [server] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(server, &cArguments)
        throw CommandFailure(description: "koch serve could not start \(server): \(String(cString: strerror(errno))).")
    }

    /// This program's own path.
    static func ownPath() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// `koch-serve` beside this program, else on PATH.
    static func serverProgram() -> String? {
        var candidates: [String] = []
        if let own = ownPath() { candidates.append((own as NSString).deletingLastPathComponent + "/koch-serve") }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") { candidates.append(folder + "/koch-serve") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
