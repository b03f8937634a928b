import Foundation

/// Runs the built `koch` executable, as a user would, and captures what it says.
struct KochBinary {
    struct Result {
        var exitCode: Int32
        var standardOutput: String
        var standardError: String
        var succeeded: Bool { exitCode == 0 }
    }

    /// The package root, for the templates and the test fixtures.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Now, for every run: no test depends on the day it runs (`RunClock`).
    static let now = Date(timeIntervalSince1970: 1_795_867_200)
    static let nowVariable = "2026-11-28T12:00:00Z"

    /// The executable beside the running test bundle (the build products
    /// folder, whatever the scratch path), else in `.build/debug`.
    static let path: String = {
        var candidates: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        for folder in candidates {
            var url = folder
            // The test bundle may sit inside a `.xctest` folder.
            for _ in 0..<3 {
                let binary = url.appendingPathComponent("koch").path
                if FileManager.default.isExecutableFile(atPath: binary) { return binary }
                url.deleteLastPathComponent()
            }
        }
        return packageRoot.appendingPathComponent(".build/debug/koch").path
    }()

    /// The test's environment for a run of koch: `environment` added, the variables in `unset`
    /// left out, no teacher's folder of the machine's, and the tests' "now".
    static func environment(_ environment: [String: String], unset: [String] = []) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["KOCH_TEMPLATES"] = nil
        env["KOCH_DATA"] = nil
        env["XDG_CONFIG_HOME"] = "/nonexistent/koch-tests-config"
        // Lessons are dated 2025-10-01, before every date the tests grade them on.
        env["SOURCE_DATE_EPOCH"] = env["SOURCE_DATE_EPOCH"] ?? "1759276800"
        env["KOCH_NOW"] = nowVariable
        for (key, value) in environment { env[key] = value }
        for key in unset { env[key] = nil }
        return env
    }

    /// Runs koch (or a copy of it, `executable`) with arguments, extra environment (less the
    /// variables in `unset`), and optional standard input. koch uses its built-in templates and
    /// word lists: no teacher's folder of the machine's is read.
    @discardableResult
    static func run(
        _ arguments: [String], environment: [String: String] = [:], unset: [String] = [], input: String? = nil,
        currentDirectory: String? = nil, executable: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? path)
        process.arguments = arguments
        process.environment = Self.environment(environment, unset: unset)
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a chatty process cannot block.
        let errors = Collected()
        let reader = Thread {
            errors.data = error.fileHandleForReading.readDataToEndOfFile()
            errors.done.signal()
        }
        reader.start()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        errors.done.wait()
        process.waitUntilExit()
        return Result(
            exitCode: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errors.data, as: UTF8.self))
    }

    private final class Collected: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }

    /// Runs another program (found on PATH) with its output discarded; returns its exit status.
    static func runTool(_ name: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A new empty folder for one test.
    static func scratchFolder(_ name: String = #function) throws -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("koch-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
