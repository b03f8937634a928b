import Foundation
import KochIO
import Testing

/// koch on disks as they are: full, read-only, another file system than the
/// temporary folder, and a progress file reached through a symbolic link.
@Suite struct DiskConditionTests {
    static let mountable = TemporaryMount.available
    static let needsMount = "mounting a tmpfs needs root (the tests run as root in CI)"

    /// A learner's key and perfect copy, made once for the suite.
    static let lesson = Result { () throws -> (key: String, copy: String) in
        let scratch = try GradingScratch("diskConditionsLesson")
        let key = try scratch.lesson(level: 2, seed: 4, minutes: 0.5)
        return (key, try scratch.perfectCopy(of: key))
    }

    static let learnerProgress = KochBinary.packageRoot.appendingPathComponent("examples/grading/progress.json").path

    func grade(progress: String, environment: [String: String] = [:]) throws -> KochBinary.Result {
        let (key, copy) = try Self.lesson.get()
        let transcript = try KochBinary.scratchFolder("diskConditionsCopy") + "/copy.txt"
        try Data(copy.utf8).write(to: URL(fileURLWithPath: transcript))
        return try KochBinary.run(
            ["grade", "--key", key, "--transcript", transcript, "--progress", progress, "--date", "2025-10-02T10:00"],
            environment: environment.merging(["TZ": "UTC"]) { $1 })
    }

    func lesson(into folder: String) throws -> KochBinary.Result {
        try KochBinary.run([
            "lesson", "--minutes", "0.5", "--format", "both", "--sample-rate", "8000", "--bitrate", "16", "--seed", "2", "--out", folder,
            "--progress", folder + "/../no-progress.json",
        ])
    }

    func sessions(_ path: String) throws -> Int {
        try ProgressStore(path: path).read().sessions.count
    }

    /// Paths of temporary files (`.NAME.partial-…`) left under a folder.
    func leftovers(_ folder: String) -> [String] {
        FaultInjector.files(in: folder).keys.filter(FaultInjector.isTemporary)
    }

    @Test(.enabled(if: mountable, Comment(rawValue: needsMount)))
    func lessonIntoAReadOnlyFolderSaysSoAndWritesNothing() throws {
        let disk = try TemporaryMount("readOnlyLesson")
        try disk.makeReadOnly()
        for out in [disk.folder, disk.folder + "/lessons"] {
            let result = try lesson(into: out)
            #expect(!result.succeeded)
            #expect(result.standardError.contains(out) && result.standardError.contains("the disk is read-only"), "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.folder).isEmpty)
    }

    @Test(.enabled(if: mountable, Comment(rawValue: needsMount)))
    func gradeWithTheProgressFileOnAReadOnlyDiskShowsTheScoreAndKeepsTheFile() throws {
        let disk = try TemporaryMount("readOnlyProgress")
        let progress = disk.folder + "/progress.json"
        try FileManager.default.copyItem(atPath: Self.learnerProgress, toPath: progress)
        let before = FileManager.default.contents(atPath: progress)
        try disk.makeReadOnly()
        let result = try grade(progress: progress)
        #expect(!result.succeeded)
        #expect(result.standardOutput.contains("100"), "the score is shown first: \(result.standardOutput)")
        #expect(result.standardError.contains(disk.folder) && result.standardError.contains("the disk is read-only"), "\(result.standardError)")
        #expect(FileManager.default.contents(atPath: progress) == before)
    }

    @Test(.enabled(if: mountable, Comment(rawValue: needsMount)))
    func gradeOnAFullDiskSaysTheDiskIsFullAndKeepsTheProgressFile() throws {
        let disk = try TemporaryMount("fullDiskGrade")
        let progress = disk.folder + "/progress.json"
        try FileManager.default.copyItem(atPath: Self.learnerProgress, toPath: progress)
        let before = FileManager.default.contents(atPath: progress)
        try disk.fill()
        let result = try grade(progress: progress)
        #expect(!result.succeeded)
        #expect(result.standardError.contains(progress) && result.standardError.contains("the disk is full"), "\(result.standardError)")
        #expect(FileManager.default.contents(atPath: progress) == before)
        #expect(leftovers(disk.folder).isEmpty)
    }

    @Test(.enabled(if: mountable, Comment(rawValue: needsMount)))
    func lessonOnAFullDiskSaysTheDiskIsFullAndLeavesNoPartialFile() throws {
        let reference = try KochBinary.scratchFolder("fullDiskLessonReference") + "/lessons"
        try #require(try lesson(into: reference).succeeded)
        let complete = FaultInjector.files(in: reference)
        let disk = try TemporaryMount("fullDiskLesson")
        try disk.fill()
        let result = try lesson(into: disk.folder + "/lessons")
        #expect(!result.succeeded)
        #expect(result.standardError.contains(disk.folder) && result.standardError.contains("the disk is full"), "\(result.standardError)")
        for (name, data) in FaultInjector.files(in: disk.folder + "/lessons") {
            #expect(!FaultInjector.isTemporary(name), "a temporary file is left: \(name)")
            #expect(FaultInjector.isTemporary(name) || data == complete[name], "\(name) is not complete")
        }
    }

    /// The link stays a link; the file it points to gets the new contents, written
    /// beside itself (here on another file system than the link, where a rename from
    /// beside the link would fail); the lock, taken beside it too, is gone once it is written.
    func expectWrittenThroughLink(_ link: String, target: String) throws {
        let before = try sessions(target)
        let result = try grade(progress: link)
        #expect(result.succeeded, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link).isEmpty == false, "the link is no longer a link")
        #expect(try sessions(target) == before + 1)
        #expect(!FileManager.default.fileExists(atPath: target + ".lock") && !FileManager.default.fileExists(atPath: link + ".lock"))
        #expect(leftovers((link as NSString).deletingLastPathComponent).isEmpty && leftovers((target as NSString).deletingLastPathComponent).isEmpty)
    }

    @Test func progressFileThatIsARelativeLinkIsWrittenThroughAndStaysALink() throws {
        let folder = try KochBinary.scratchFolder()
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.learnerProgress, toPath: folder + "/data/real.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/progress.json", withDestinationPath: "data/real.json")
        try expectWrittenThroughLink(folder + "/progress.json", target: folder + "/data/real.json")
    }

    @Test(.enabled(if: mountable, Comment(rawValue: needsMount)))
    func progressFileThatLinksToAnotherFileSystemIsWrittenThroughAndStaysALink() throws {
        let disk = try TemporaryMount("linkedProgress")
        let target = disk.folder + "/progress.json"
        try FileManager.default.copyItem(atPath: Self.learnerProgress, toPath: target)
        let link = try KochBinary.scratchFolder() + "/progress.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try expectWrittenThroughLink(link, target: target)
    }

    @Test(.enabled(if: mountable, Comment(rawValue: needsMount)))
    func progressFileOnAnotherFileSystemThanTheTemporaryFolderIsRecorded() throws {
        let disk = try TemporaryMount("progressElsewhere")
        let progress = disk.folder + "/progress.json"
        try FileManager.default.copyItem(atPath: Self.learnerProgress, toPath: progress)
        let before = try sessions(progress)
        let temporary = try KochBinary.scratchFolder("temporaryFolder")
        let result = try grade(progress: progress, environment: ["TMPDIR": temporary])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(try sessions(progress) == before + 1)
        #expect(leftovers(disk.folder).isEmpty && leftovers(temporary).isEmpty)
    }
}
