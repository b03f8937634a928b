import Foundation
import Testing

/// Runs koch with the fault injector (scripts/faults/faultshim.c) preloaded: the
/// Nth call of one family of file calls on a file under a folder fails as a
/// failing disk makes it fail.
struct FaultInjector {
    /// A family of calls and the error it fails with.
    struct Fault: CustomStringConvertible {
        /// `open`, `write`, `fsync`, `rename` or `flock`.
        let call: String
        /// `ENOSPC`, `EIO` or `EACCES`.
        let errorName: String
        var description: String { "\(call) failing with \(errorName)" }

        /// What koch must say for it: plain words, never the error's number or name.
        var plainReason: String {
            switch errorName {
            case "ENOSPC": "the disk is full"
            case "EACCES": "permission denied"
            default: "input/output error"
            }
        }

        /// Each family with an error it gives on a failing or full disk; between them, all three errors.
        static let all = [
            Fault(call: "open", errorName: "EACCES"), Fault(call: "write", errorName: "ENOSPC"), Fault(call: "fsync", errorName: "EIO"),
            Fault(call: "rename", errorName: "EACCES"), Fault(call: "flock", errorName: "EIO"),
        ]
    }

    /// What one run under a fault did.
    struct Run {
        let result: KochBinary.Result
        /// Whether the fault fired: false when the run made fewer calls of the family than N.
        let fired: Bool
    }

    /// The injector, compiled once for the test run.
    static let library = Result { try compile() }

    private static func compile() throws -> String {
        let source = KochBinary.packageRoot.appendingPathComponent("scripts/faults/faultshim.c").path
        let output = try KochBinary.scratchFolder("faultshim") + "/faultshim.so"
        for compiler in ["cc", "clang", "gcc"] {
            if (try? KochBinary.runTool(compiler, ["-shared", "-fPIC", "-O2", "-o", output, source, "-ldl"])) == 0 { return output }
        }
        throw InjectorUnavailable()
    }

    struct InjectorUnavailable: Error, CustomStringConvertible {
        var description: String { "scripts/faults/faultshim.c could not be compiled: no C compiler (cc, clang, gcc) worked" }
    }

    /// Runs koch with the `n`-th call of the fault's family on a file under `folder` failing.
    static func run(_ arguments: [String], fault: Fault, n: Int, watching folder: String, environment: [String: String] = [:]) throws -> Run {
        let report = folder + ".fault-report-\(n)"
        defer { unlink(report) }
        var variables = environment
        variables["LD_PRELOAD"] = try library.get()
        variables["FAULT_CALL"] = fault.call
        variables["FAULT_N"] = String(n)
        variables["FAULT_ERRNO"] = fault.errorName
        variables["FAULT_PATH"] = folder + "/"
        variables["FAULT_REPORT"] = report
        let result = try KochBinary.run(arguments, environment: variables)
        let fired = (FileManager.default.contents(atPath: report).map { String(decoding: $0, as: UTF8.self) } ?? "").contains("fired")
        return Run(result: result, fired: fired)
    }

    /// Runs `attempt` (which runs koch and checks what it left) with N = 1, 2, … until a
    /// run completes without the fault firing; returns the number of N that fired.
    static func sweep(_ fault: Fault, limit: Int = 500, attempt: (Int) throws -> Run) throws -> Int {
        for n in 1...limit {
            let run = try attempt(n)
            guard run.fired else {
                #expect(run.result.succeeded, "\(fault), N=\(n) did not fire, yet the run failed: \(run.result.standardError)")
                return n - 1
            }
        }
        Issue.record("\(fault) still fired at N=\(limit)")
        return limit
    }

    /// A run the fault made fail must say so plainly: non-zero exit, a file of
    /// the folder named, the reason in words.
    static func expectPlainFailure(_ run: Run, _ fault: Fault, n: Int, folder: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard run.fired, !run.result.succeeded else { return }
        let message = run.result.standardError
        #expect(message.contains(folder), "\(fault), N=\(n): the message names no file: \(message)", sourceLocation: sourceLocation)
        #expect(message.contains(fault.plainReason), "\(fault), N=\(n): not \"\(fault.plainReason)\": \(message)", sourceLocation: sourceLocation)
        #expect(!message.contains(fault.errorName), "\(fault), N=\(n): \(message)", sourceLocation: sourceLocation)
    }

    /// Every file under `folder` by its path inside it, hidden ones too.
    static func files(in folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue, let data = FileManager.default.contents(atPath: folder + "/" + path) { files[path] = data }
        }
        return files
    }

    /// Whether a path is a temporary file of a write (`.NAME.partial-PID-…`).
    static func isTemporary(_ path: String) -> Bool { path.contains(".partial-") }

    /// Every file under a final name is complete (the same bytes as the run
    /// without faults made), and no temporary file is left behind.
    static func expectNothingPartial(
        _ files: [String: Data], reference: [String: Data], _ fault: Fault, n: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (path, data) in files where !path.contains(".koch-pack/") {
            #expect(!isTemporary(path), "\(fault), N=\(n): a temporary file is left: \(path)", sourceLocation: sourceLocation)
            guard !isTemporary(path) else { continue }
            guard let expected = reference[path] else {
                Issue.record("\(fault), N=\(n): \(path) was not made by the run without faults", sourceLocation: sourceLocation)
                continue
            }
            #expect(
                data == expected, "\(fault), N=\(n): \(path) is not complete (\(data.count) of \(expected.count) bytes)",
                sourceLocation: sourceLocation)
        }
    }
}
