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
        let run = try KochBinary.runOnTerminal(
            ["practice", "--key", keyPath, "--sound-device", AlsaFileSandbox.outputDevice, "--progress", scratch + "/progress.json"],
            environment: sandbox.environment, timeoutSeconds: key.durationSeconds + 60)
        // Played in real time, though ALSA's file plugin would take it all at once.
        #expect(Date().timeIntervalSince(started) >= key.durationSeconds - 1)
        // Nothing was typed: nothing is recorded.
        #expect(run.status != 0, "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: scratch + "/progress.json"))
        let played = sandbox.played()
        #expect(Double(played.count) / Double(SoundSandbox.sampleRateHz) >= key.durationSeconds - 0.5)
        // The tone sounds through each group, and not in the longer spaces between them.
        let frame = SoundSandbox.sampleRateHz / 100
        let sounding = stride(from: 0, to: played.count - frame, by: frame).map { start in
            played[start..<(start + frame)].contains { abs($0) > 0.1 }
        }
        func share(from startSeconds: Double, to endSeconds: Double) -> Double {
            let frames = sounding[max(0, Int(startSeconds * 100))..<min(sounding.count, Int(endSeconds * 100))]
            return frames.isEmpty ? 0 : Double(frames.filter { $0 }.count) / Double(frames.count)
        }
        for group in key.groups {
            #expect(share(from: group.startSeconds + 0.05, to: group.endSeconds - 0.05) > 0.3, "group \(group.number)")
        }
        for (before, after) in zip(key.groups, key.groups.dropFirst()) where after.startSeconds - before.endSeconds > 0.5 {
            #expect(share(from: before.endSeconds + 0.1, to: after.startSeconds - 0.1) < 0.05, "after group \(before.number)")
        }
    }

    /// Through one PulseAudio server with a null sink: the microphone is its default source, the
    /// sink's monitor, which hears what `paplay` plays into the sink in real time; a contact is
    /// keyed into it (`PracticeQSOMicrophoneTests`); then a lesson plays to the sink until the
    /// server is killed.
    @Test func throughASoundServerTheMicrophoneIsReadLiveAContactKeyedIntoItAndTheServerGoneStopsALesson() throws {
        let scratch = try KochBinary.scratchFolder()
        let sandbox = try SoundSandbox.pulse(folder: scratch + "/pulse")
        defer { sandbox.stop() }
        try Self.theMicrophoneIsReadLiveAndGraded(through: sandbox, in: scratch + "/microphone")
        try PracticeQSOMicrophoneTests.aContactIsKeyedIntoTheMicrophone(through: sandbox, in: scratch + "/contact")
        let (keyPath, key) = try PracticeReceiveTests.lesson(in: scratch, seed: 22)
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
        // The server gone is said in words a learner can act on, and where it stopped once.
        #expect(run.output.contains("the sound server (PulseAudio) no longer answers"), "\(run.output)")
        #expect(!run.output.contains("Unanticipated"))
        #expect(run.output.components(separatedBy: "Stopped at").count == 2, "\(run.output)")
        let session = try PracticeReceiveTests.session(progress)
        let stoppedAt = try #require(session["stoppedAtSeconds"] as? Double)
        #expect(stoppedAt > 20 && stoppedAt < key.durationSeconds - 5, "\(stoppedAt)")
        #expect(session["correct"] as? Int ?? 0 > 0)
        // As at a stop of the learner's: the groups whose sound had ended, a group sounding left out.
        let sent = key.groups.filter { $0.endSeconds <= stoppedAt }.reduce(0) { $0 + $1.text.count }
        #expect(session["sent"] as? Int == sent)
    }

    static func theMicrophoneIsReadLiveAndGraded(through sandbox: PulseSandbox, in scratch: String) throws {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let text = "KMMK KKMM MKMK MMKK KMKM"
        let key = try PracticeKeyingTests.exercise(text, in: scratch)
        try SendPracticeTests.recordKeying(text, to: scratch + "/keyed.wav", toneHz: 700, sampleRate: 48000, leadSeconds: 1)
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
