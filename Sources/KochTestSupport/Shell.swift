import Foundation

/// A command the tests run through `/bin/sh` (ffmpeg, sox and the like, making files to read).
public enum Shell {
    /// A command that exited with another status than 0.
    public struct Failure: Error, CustomStringConvertible {
        public let command: String
        public let status: Int32
        public var description: String { "\(command) failed (exit status \(status))" }
    }

    /// Runs `command`, its standard error discarded; throws `Failure` unless it exits with 0.
    public static func run(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(command: command, status: process.terminationStatus) }
    }
}
