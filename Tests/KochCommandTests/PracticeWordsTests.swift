import Foundation
import KochCore
import KochIO
import Testing

/// What koch prints around live practice, in words a learner can act on: the key file to give,
/// the legend of the groups with errors, the options practice takes, a key's speeds, a sound
/// server that is down.
@Suite struct PracticeWordsTests {
    @Test func aLessonsTextSheetGivenAsItsKeyPointsToTheKeyBesideIt() throws {
        let scratch = try KochBinary.scratchFolder()
        let (keyPath, _) = try PracticeReceiveTests.lesson(in: scratch)
        let sheet = String(keyPath.dropLast(".key.json".count)) + ".key.txt"
        #expect(FileManager.default.fileExists(atPath: sheet))
        try "KMK".write(toFile: scratch + "/copy.txt", atomically: true, encoding: .utf8)
        let progress = scratch + "/progress.json"
        let runs = [
            try KochBinary.run(["grade", "--key", sheet, "--transcript", scratch + "/copy.txt", "--progress", progress]),
            try KochBinary.run(["practice", "--key", sheet, "--sound-device", "null", "--progress", progress]),
        ]
        for run in runs {
            #expect(!run.succeeded)
            #expect(run.standardError.contains("Give the key beside it: --key \(keyPath)."), "\(run.standardError)")
            #expect(!run.standardError.contains("not valid JSON"), "\(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: progress))
    }

    @Test func aGroupNotCopiedShowsAsTheLegendSays() throws {
        let scratch = try KochBinary.scratchFolder()
        let (keyPath, key) = try PracticeReceiveTests.lesson(in: scratch)
        // The second group skipped as a live session writes it, the third marked with `?`.
        let copy = key.groups.enumerated().map { index, group in
            index == 1 ? String(repeating: "_", count: group.text.count) : index == 2 ? String(repeating: "?", count: group.text.count) : group.text
        }
        try copy.joined(separator: " ").write(toFile: scratch + "/copy.txt", atomically: true, encoding: .utf8)
        let run = try KochBinary.run([
            "grade", "--key", keyPath, "--transcript", scratch + "/copy.txt", "--progress", scratch + "/progress.json", "--dry-run",
        ])
        #expect(run.succeeded, "\(run.standardError)")
        #expect(run.standardOutput.contains("Groups with errors (sent → copied, _ = not copied):"), "\(run.standardOutput)")
        for index in [1, 2] {
            let group = key.groups[index]
            let shown = Self.groupLine(group, in: run.standardOutput)
            #expect(shown?.hasSuffix(" → " + String(repeating: "_", count: group.text.count)) == true, "\(String(describing: shown))")
        }
        #expect(!run.standardOutput.contains("→ ?"), "\(run.standardOutput)")
    }

    /// The line of the groups with errors that shows `group`.
    static func groupLine(_ group: AnswerKey.Group, in output: String) -> String? {
        output.split(separator: "\n").map(String.init).first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(group.number). \(group.text) ") }
    }

    @Test func practiceOffersOnlyTheOptionsItUsesAndTheWritersKeepTheMP3Ones() throws {
        let practice = try KochBinary.run(["practice", "--help"])
        #expect(practice.succeeded)
        #expect(practice.standardOutput.contains("--wpm"))
        #expect(!practice.standardOutput.contains("--bitrate"), "\(practice.standardOutput)")
        #expect(!practice.standardOutput.contains("--quality"))
        let refused = try KochBinary.run(["practice", "--bitrate", "64", "--sound-device", "null"])
        #expect(!refused.succeeded)
        for command in ["lesson", "pack", "render"] {
            let help = try KochBinary.run([command, "--help"])
            #expect(help.standardOutput.contains("--bitrate") && help.standardOutput.contains("--quality"), "\(command)")
        }
    }

    @Test(arguments: [["send"], []])
    func aSpeedGivenWithAKeyIsRefusedSayingTheKeySetsIt(exercise: [String]) throws {
        let scratch = try KochBinary.scratchFolder("aSpeedGivenWithAKeyIsRefusedSayingTheKeySetsIt-\(exercise.count)")
        let key =
            exercise.isEmpty ? try PracticeReceiveTests.lesson(in: scratch).path : try PracticeKeyingTests.exercise("KMKM MKKM", in: scratch)
        let progress = scratch + "/progress.json"
        let device = exercise.isEmpty ? [] : ["--key-device", scratch + "/none"]
        let run = try KochBinary.run(
            ["practice"] + exercise + ["--key", key, "--wpm", "25"] + device + ["--sound-device", "null", "--progress", progress])
        #expect(!run.succeeded)
        #expect(run.standardError.contains("--wpm and --effective cannot change a lesson or exercise made before"), "\(run.standardError)")
        #expect(run.standardError.contains(exercise.isEmpty ? "(koch lesson --wpm N)" : "(koch lesson --direction send --wpm N)"))
        #expect(!FileManager.default.fileExists(atPath: progress))
        #expect(!FileManager.default.fileExists(atPath: scratch + "/practice"))
    }

    @Test func aSoundServerThatIsDownIsSaidSoWithHowToStartIt() throws {
        let scratch = try KochBinary.scratchFolder()
        // ALSA's default device is the sound server's, and nothing listens where it is looked for.
        try "pcm.!default { type pulse }\nctl.!default { type pulse }\n".write(toFile: scratch + "/.asoundrc", atomically: true, encoding: .utf8)
        let run = try KochBinary.run(
            ["practice", "--test-sound"],
            environment: ["HOME": scratch, "XDG_RUNTIME_DIR": scratch, "PULSE_SERVER": "unix:" + scratch + "/pulse/native"])
        #expect(!run.succeeded)
        #expect(run.standardError.contains("No sound server answered"), "\(run.standardError)")
        #expect(run.standardError.contains("pulseaudio --start") || run.standardError.contains("systemctl --user start pipewire"))
        #expect(!run.standardError.contains("has no sound device"))
    }
}
