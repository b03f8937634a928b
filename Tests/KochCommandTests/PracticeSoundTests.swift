import Foundation
import KochAudio
import KochCore
import KochIO
import KochTestSupport
import Testing

/// What live practice plays, through sound devices made of files and a sound server with no card:
/// the lesson heard is the lesson in the key, and a sound server gone mid-lesson ends it as a stop.
@Suite(.serialized) struct PracticeSoundTests {
    @Test func theLessonPlayedIsTheLessonInTheKey() throws {
        let scratch = try KochBinary.scratchFolder()
        let (keyPath, key) = try PracticeReceiveTests.lesson(in: scratch, seed: 21)
        try FileManager.default.createDirectory(atPath: scratch + "/sound", withIntermediateDirectories: true)
        let sandbox = try SoundSandbox.alsaFile(folder: scratch + "/sound")
        let started = Date()
        let run = try KochBinary.run(
            ["practice", "--key", keyPath, "--sound-device", AlsaFileSandbox.outputDevice, "--progress", scratch + "/progress.json"],
            environment: sandbox.environment)
        // Played in real time, though ALSA's file plugin would take it all at once.
        #expect(Date().timeIntervalSince(started) >= key.durationSeconds - 1)
        // Nothing was typed: nothing is recorded.
        #expect(!run.succeeded)
        #expect(!FileManager.default.fileExists(atPath: scratch + "/progress.json"))
        let played = sandbox.played()
        #expect(Double(played.count) / Double(SoundSandbox.sampleRateHz) >= key.durationSeconds - 0.5)
        try WAVWriter.write(played, sampleRate: SoundSandbox.sampleRateHz, to: scratch + "/played.wav")
        let decoded = try KochBinary.run(["decode", scratch + "/played.wav"])
        #expect(decoded.succeeded, "\(decoded.standardError)")
        #expect(decoded.standardOutput.contains(key.groups.map(\.text).joined(separator: " ")), "\(decoded.standardOutput)")
    }

    @Test func aSoundServerGoneMidLessonEndsItAsAStopGradedAndRecorded() throws {
        let scratch = try KochBinary.scratchFolder()
        let (keyPath, key) = try PracticeReceiveTests.lesson(in: scratch, seed: 22)
        let sandbox = try SoundSandbox.pulse(folder: scratch + "/pulse")
        defer { sandbox.stop() }
        var typing: [PseudoTerminal.Typing] = [.init(.onceOutputContains("Space pauses"), "")]
        for group in key.groups where group.endSeconds + 0.3 < 24 {
            typing.append(.init(.secondsAfterMatch(group.endSeconds + 0.3), group.text))
        }
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 28)
            sandbox.kill()
        }
        let progress = scratch + "/progress.json"
        let run = try KochBinary.runOnTerminal(
            ["practice", "--key", keyPath, "--sound-device", "default", "--progress", progress], environment: sandbox.environment,
            typing: typing, timeoutSeconds: 120)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("default"), "\(run.output)")
        let session = try PracticeReceiveTests.session(progress)
        let stoppedAt = try #require(session["stoppedAtSeconds"] as? Double)
        #expect(stoppedAt > 20 && stoppedAt < key.durationSeconds - 5, "\(stoppedAt)")
        #expect(session["correct"] as? Int ?? 0 > 0)
    }

    /// The microphone is the sound server's: what `paplay` plays into the null sink is heard on
    /// its monitor, the server's default source, in real time.
    @Test func theMicrophoneIsReadLiveAndGraded() throws {
        let scratch = try KochBinary.scratchFolder()
        let text = "KMMK KKMM MKMK MMKK KMKM"
        let key = try PracticeKeyingTests.exercise(text, in: scratch)
        try SendPracticeTests.recordKeying(text, to: scratch + "/keyed.wav", toneHz: 700, sampleRate: 48000, leadSeconds: 1)
        let sandbox = try SoundSandbox.pulse(folder: scratch + "/pulse")
        defer { sandbox.stop() }
        let player = Process()
        player.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        player.arguments = ["sh", "-c", "sleep 3; paplay " + scratch + "/keyed.wav"]
        player.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
        try player.run()
        let result = try KochBinary.run(
            ["practice", "send", "--key", key, "--microphone", "default", "--sound-device", "null", "--progress", scratch + "/progress.json"],
            environment: sandbox.environment)
        player.waitUntilExit()
        #expect(result.succeeded, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains("Listening: default"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(text), "\(result.standardOutput)")
        #expect(try PracticeKeyingTests.sessions(scratch + "/progress.json").first?["correct"] as? Int == 20)
    }
}
