import Foundation
import KochIO
import Testing

/// koch under a failing disk: for each command, each family of file calls
/// (open, write, fsync, rename, flock) fails at its first call, then its
/// second, and so on until the command runs without reaching the failing call.
/// After every run: nothing under a final name is partial (each file there
/// is the one a run without faults makes), the progress file is the old one
/// or the new one, a failure says which file and why in plain words with a
/// non-zero exit, and an interrupted pack is finished by running it again.
@Suite struct FaultInjectionTests {
    typealias Fault = FaultInjector.Fault

    /// A learner's progress file as koch writes it.
    static let learnerProgress = KochBinary.packageRoot.appendingPathComponent("examples/grading/progress.json").path

    /// A folder holding a copy of the learner's progress file.
    func learnerFolder(_ name: String) throws -> String {
        let folder = try KochBinary.scratchFolder(name)
        try FileManager.default.copyItem(atPath: Self.learnerProgress, toPath: folder + "/progress.json")
        return folder
    }

    /// Makes the reference (the command without faults), then sweeps every fault;
    /// `check` looks at each run's folder. Returns how many N fired, by call.
    func sweepEveryFault(
        _ name: String, arguments: (String) -> [String], check: (FaultInjector.Run, Fault, Int, String, [String: Data]) throws -> Void
    ) throws -> [String: Int] {
        let reference = try learnerFolder(name + "Reference")
        let made = try KochBinary.run(arguments(reference))
        try #require(made.succeeded, "\(made.standardError)")
        let expected = FaultInjector.files(in: reference)
        var fired: [String: Int] = [:]
        for fault in Fault.all {
            fired[fault.call] = try FaultInjector.sweep(fault) { n in
                let folder = try learnerFolder(name)
                defer { try? FileManager.default.removeItem(atPath: folder) }
                let run = try FaultInjector.run(arguments(folder), fault: fault, n: n, watching: folder)
                FaultInjector.expectPlainFailure(run, fault, n: n, folder: folder)
                try check(run, fault, n, folder, expected)
                return run
            }
        }
        try? FileManager.default.removeItem(atPath: reference)
        return fired
    }

    /// Nothing partial, and everything there when the run succeeded.
    static func expectCompleteOrAbsent(_ run: FaultInjector.Run, _ fault: Fault, _ n: Int, _ folder: String, _ expected: [String: Data]) {
        let files = FaultInjector.files(in: folder)
        FaultInjector.expectNothingPartial(files, reference: expected, fault, n: n)
        if run.result.succeeded {
            #expect(files.keys.sorted() == expected.keys.sorted(), "\(fault), N=\(n) succeeded without every file: \(files.keys.sorted())")
        }
    }

    @Test func lessonUnderEveryFaultLeavesEachFileWholeOrAbsent() throws {
        let fired = try sweepEveryFault("lesson") { folder in
            [
                "lesson", "--minutes", "0.5", "--format", "both", "--sample-rate", "8000", "--bitrate", "16", "--seed", "5",
                "--out", folder + "/lessons", "--progress", folder + "/progress.json",
            ]
        } check: { run, fault, n, folder, expected in
            Self.expectCompleteOrAbsent(run, fault, n, folder, expected)
        }
        #expect(fired["open", default: 0] > 0 && fired["write", default: 0] > 0 && fired["rename", default: 0] > 0, "\(fired)")
        print("koch lesson, runs in which the fault fired: \(fired)")
    }

    @Test func renderUnderEveryFaultLeavesTheFileWholeOrAbsent() throws {
        let fired = try sweepEveryFault("render") { folder in
            ["render", "CQ CQ DE K1ABC K", "--sample-rate", "8000", "--out", folder + "/cq.wav"]
        } check: { run, fault, n, folder, expected in
            Self.expectCompleteOrAbsent(run, fault, n, folder, expected)
        }
        #expect(fired["write", default: 0] > 0 && fired["rename", default: 0] > 0, "\(fired)")
        print("koch render, runs in which the fault fired: \(fired)")
    }

    @Test func gradeUnderEveryFaultKeepsTheOldProgressOrTheNew() throws {
        let lessons = try GradingScratch()
        let key = try lessons.lesson(level: 2, seed: 3, minutes: 0.5)
        let copy = try lessons.perfectCopy(of: key)
        let old = try #require(FileManager.default.contents(atPath: Self.learnerProgress))
        let oldSessions = try ProgressStore.decode(Array(old), path: "progress.json").sessions.count
        let keyName = (key as NSString).lastPathComponent
        var fired: [String: Int] = [:]
        for fault in Fault.all {
            fired[fault.call] = try FaultInjector.sweep(fault) { n in
                let folder = try learnerFolder("grade")
                defer { try? FileManager.default.removeItem(atPath: folder) }
                try FileManager.default.copyItem(atPath: key, toPath: folder + "/" + keyName)
                try Data(copy.utf8).write(to: URL(fileURLWithPath: folder + "/copy.txt"))
                let arguments = [
                    "grade", "--key", folder + "/" + keyName, "--transcript", folder + "/copy.txt", "--progress", folder + "/progress.json",
                    "--date", "2025-10-02T10:00",
                ]
                let run = try FaultInjector.run(arguments, fault: fault, n: n, watching: folder, environment: ["TZ": "UTC"])
                FaultInjector.expectPlainFailure(run, fault, n: n, folder: folder)
                let now = try #require(FileManager.default.contents(atPath: folder + "/progress.json"), "\(fault), N=\(n): the progress file is gone")
                let sessions = try ProgressStore.decode(Array(now), path: "progress.json").sessions.count
                if run.result.succeeded {
                    #expect(sessions == oldSessions + 1, "\(fault), N=\(n): graded, yet not recorded")
                } else {
                    #expect(now == old, "\(fault), N=\(n): failed, yet the progress file changed")
                }
                let leftovers = FaultInjector.files(in: folder).keys.filter(FaultInjector.isTemporary)
                #expect(leftovers.isEmpty, "\(fault), N=\(n): \(leftovers)")
                return run
            }
        }
        #expect(Fault.all.allSatisfy { fired[$0.call, default: 0] > 0 }, "\(fired)")
        print("koch grade, runs in which the fault fired: \(fired)")
    }

    /// A small pack: two levels, a lesson each, on one core so that the calls come in one order.
    static func packArguments(_ folder: String) -> [String] {
        [
            "pack", "--levels", "2-3", "--per-level", "1", "--minutes", "0.5", "--sample-rate", "8000", "--bitrate", "8", "--seed", "9",
            "--jobs", "1", "--out", folder + "/pack",
        ]
    }

    @Test func packInterruptedByAnyFaultIsFinishedByRunningItAgain() throws {
        let fired = try sweepEveryFault("pack", arguments: Self.packArguments) { run, fault, n, folder, expected in
            let files = FaultInjector.files(in: folder)
            FaultInjector.expectNothingPartial(files, reference: expected, fault, n: n)
            for (path, data) in files where path.hasPrefix("pack/.koch-pack/") && !FaultInjector.isTemporary(path) {
                #expect(throws: Never.self, "\(fault), N=\(n): \(path) cannot be read") { try PackJournal.decode(Array(data), path: path) }
            }
            guard !run.result.succeeded else {
                #expect(files == expected, "\(fault), N=\(n) succeeded, yet the pack differs")
                return
            }
            let again = try KochBinary.run(Self.packArguments(folder))
            #expect(again.succeeded, "\(fault), N=\(n): running again did not finish the pack: \(again.standardError)")
            #expect(FaultInjector.files(in: folder) == expected, "\(fault), N=\(n): the finished pack differs from one made without faults")
        }
        #expect(fired["open", default: 0] > 0 && fired["write", default: 0] > 0 && fired["fsync", default: 0] > 0, "\(fired)")
        print("koch pack, runs in which the fault fired: \(fired)")
    }
}
