import Foundation
import Testing

/// Options `koch practice` refuses together (`PracticeRequest.conflict`), through the built
/// binary: each in its options' words, as a usage error, with nothing read, played or written.
@Suite struct PracticeConflictCommandTests {
    /// The options, and the whole line that refuses them.
    static let refused: [([String], String)] = [
        (["--minutes", "90"], "--minutes must be 0.5 to 60, not 90."),
        (["--level", "99"], "--level must be 2 to 26, not 99, in the letters course."),
        (["send", "--level", "1"], "--level must be 2 to 26, not 1, in the letters course."),
        (["characters", "--count", "1000"], "--count must be 1 to 999, not 1000."),
        (["send", "--count", "5"], "--count is for koch practice characters."),
        (["send", "--kind", "qso"], "--kind qso is a contact to answer: koch practice --kind qso, without send or characters."),
        (["--microphone", "default"], "--microphone and --key-device are for keying: koch practice send, or koch practice characters."),
        (["characters", "--key", "a.key.json"], "--key is for a lesson or exercise: koch practice characters draws its own characters."),
        (
            ["send", "--key", "a.key.json", "--wpm", "25"],
            "--wpm and --effective cannot change a lesson or exercise made before: a.key.json sets its speeds, so that it stays the exercise its key grades. Practise it without them, or make one at another speed (koch lesson --direction send --wpm N)."
        ),
        (["--drill", "confusions", "--kind", "words"], "--drill confusions makes groups: leave out --kind words."),
        (
            ["--drill", "confusions", "--key", "a.key.json"],
            "--drill confusions makes a lesson to copy or an exercise to key: koch practice (or send) --drill confusions, without --key."
        ),
        (["send", "--key-device", "/dev/null", "--microphone", "default"], "Give --key-device or --microphone, not both."),
        (["send", "--microphone", "default", "--pitch", "50"], "--pitch must be 100 to 3000 Hz, not 50."),
        (["send", "--key-device", "/dev/null", "--pitch", "700"], "--pitch is for --microphone."),
        (["characters", "--count", "5", "--test-sound", "--minutes", "0.1"], "--minutes must be 0.5 to 60, not 0.1."),
    ]

    @Test(arguments: refused.indices) func eachConflictIsAUsageErrorInTheOptionsWords(index: Int) throws {
        let (options, line) = Self.refused[index]
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run(["practice"] + options + ["--progress", folder + "/progress.json", "--sound-device", "null"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("Error: " + line + "\n"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func theTestToneIsPlayedWhateverExerciseItsOptionsName() throws {
        let folder = try KochBinary.scratchFolder()
        let result = try KochBinary.run([
            "practice", "characters", "--count", "5", "--test-sound", "--sound-device", "null", "--tone", "700", "--progress",
            folder + "/progress.json",
        ])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Played a second of 700 Hz."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
