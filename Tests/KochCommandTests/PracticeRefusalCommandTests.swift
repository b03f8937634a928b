import Foundation
import Testing

/// What `koch practice` refuses before anything plays, through the built binary: said once, the
/// progress file left as it was, nothing kept.
@Suite struct PracticeRefusalCommandTests {
    @Test func anUnreadableProgressFileIsWarnedOfOnceAndTheExerciseAsksForItsKeying() throws {
        let folder = try KochBinary.scratchFolder()
        let progress = folder + "/progress.json"
        let unreadable = "{ this is not a progress file"
        try unreadable.write(toFile: progress, atomically: true, encoding: .utf8)
        let result = try KochBinary.run(["practice", "send", "--level", "3", "--minutes", "0.5", "--seed", "7", "--progress", progress])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix("Level 3 (K M R), 20/12 WPM, 600 Hz, seed 7"))
        #expect(result.standardError.components(separatedBy: "Making the lesson without your weak characters.").count == 2)
        #expect(result.standardError.contains("Give the paddle adapter or key with --key-device PATH, or --microphone default"))
        #expect(try String(contentsOfFile: progress, encoding: .utf8) == unreadable)
        #expect(!FileManager.default.fileExists(atPath: folder + "/practice"))
    }

    @Test func aKeyOfALessonToCopyIsRefusedForSendingWithNothingRecorded() throws {
        let folder = try KochBinary.scratchFolder()
        let made = try KochBinary.run([
            "lesson", "--level", "2", "--minutes", "0.5", "--seed", "3", "--format", "none", "--out", folder + "/lessons",
        ])
        #expect(made.exitCode == 0, "\(made.standardError)")
        let keys = try FileManager.default.contentsOfDirectory(atPath: folder + "/lessons").filter { $0.hasSuffix(".key.json") }
        let key = try #require(keys.first.map { folder + "/lessons/" + $0 })
        let progress = folder + "/progress.json"
        let result = try KochBinary.run([
            "practice", "send", "--key", key, "--key-device", folder + "/no-such-device", "--progress", progress,
        ])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("\(key) is a lesson to copy: practise it with koch practice (receive)."))
        #expect(!FileManager.default.fileExists(atPath: progress))
        #expect(!FileManager.default.fileExists(atPath: folder + "/practice"))
    }
}
