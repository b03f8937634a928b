import Foundation
import KochAudio
import KochCore
import KochIO
import KochTestSupport
import Testing

/// Live send practice through the built binary, without a keyboard or a sound card: the paddle
/// adapter is a FIFO of Linux input_event records the test writes at chosen times, the sound goes
/// nowhere (`--sound-device null`), the microphone is a recording read at its own pace.
@Suite(.serialized) struct PracticeKeyingTests {
    /// A send exercise of `text` (a text lesson, so its groups are known): its key.
    static func exercise(_ text: String, in scratch: String) throws -> String {
        let textPath = scratch + "/exercise.txt"
        try text.write(toFile: textPath, atomically: true, encoding: .utf8)
        let made = try KochBinary.run([
            "lesson", "--direction", "send", "--kind", "text", "--file", textPath, "--format", "none", "--out", scratch + "/exercise",
            "--seed", "1",
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch + "/exercise").first { $0.hasSuffix(".key.json") })
        return scratch + "/exercise/" + name
    }

    static func progress(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func sessions(_ path: String, direction: String = "send") throws -> [[String: Any]] {
        let all = try #require(try progress(path)["sessions"] as? [[String: Any]])
        return all.filter { $0["direction"] as? String == direction }
    }

    @Test func parisKeyedOnThePaddleIsShownGradedAndRecorded() throws {
        let scratch = try KochBinary.scratchFolder()
        let text = Array(repeating: "PARIS", count: 5).joined(separator: " ")
        let key = try Self.exercise(text, in: scratch)
        let fifo = scratch + "/paddle"
        try KeyEventFeed.makeFIFO(fifo)
        let done = DispatchSemaphore(value: 0)
        KeyEventFeed.play(KeyEventFeed.paddle(text, wpm: 20), into: fifo, done: done)
        let progress = scratch + "/progress.json"
        let result = try KochBinary.run([
            "practice", "send", "--key", key, "--key-device", fifo, "--sound-device", "null", "--progress", progress,
        ])
        done.wait()
        #expect(result.succeeded, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains("PARIS PARIS PARIS PARIS PARIS"))
        #expect(result.standardOutput.contains("100%") || result.standardOutput.contains("100 %"), "\(result.standardOutput)")
        let recorded = try Self.sessions(progress)
        #expect(recorded.count == 1)
        #expect(recorded.first?["correct"] as? Int == 25)
        // The log kept is the one `koch grade --events` grades the same.
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")
        let log = try #require(kept.first { $0.hasSuffix(".keying.txt") })
        let again = try KochBinary.run([
            "grade", "--key", key, "--events", scratch + "/practice/" + log, "--progress", scratch + "/again.json",
        ])
        #expect(again.succeeded, "\(again.standardError)")
        #expect(try Self.sessions(scratch + "/again.json").first?["correct"] as? Int == 25)
    }

    @Test func aStraightKeyOnTheSpaceBarIsReadAsKeyed() throws {
        let scratch = try KochBinary.scratchFolder()
        let text = "KMKM MKKM KMMK MMKK KKMM"
        let key = try Self.exercise(text, in: scratch)
        let fifo = scratch + "/key"
        try KeyEventFeed.makeFIFO(fifo)
        KeyEventFeed.play(KeyEventFeed.straightKey(text, wpm: 18), into: fifo)
        let result = try KochBinary.run([
            "practice", "send", "--key", key, "--key-device", fifo, "--sound-device", "null", "--progress", scratch + "/progress.json",
        ])
        #expect(result.succeeded, "\(result.standardOutput)\n\(result.standardError)")
        #expect(try Self.sessions(scratch + "/progress.json").first?["correct"] as? Int == 20)
        // A FIFO cannot say which keys it has: both are named before; once keyed, the straight key alone.
        #expect(result.standardOutput.contains("or a straight key (KEY_SPACE), timed by you."), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Key the groups below on the straight key."), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("on the paddles"))
    }

    /// The first `count` characters `koch practice characters --level 2 --seed 3` shows, drawn as its drill draws them.
    static func charactersShown(_ count: Int) -> [String] {
        var settings = LessonSettings()
        settings.level = 2
        settings.direction = .send
        settings.seed = 3
        var drill = CharacterDrill(settings: settings)
        return (0..<count).map { _ in drill.next().text }
    }

    @Test func eachCharacterIsJudgedTheMomentItEnds() throws {
        let scratch = try KochBinary.scratchFolder()
        let shown = PracticeKeyingTests.charactersShown(6)
        // The fourth keyed wrong: M for K, K for M.
        let keyed = shown.enumerated().map { $0.offset == 3 ? ($0.element == "K" ? "M" : "K") : $0.element }
        var presses: [KeyEventFeed.Press] = []
        for (index, character) in keyed.enumerated() {
            presses += KeyEventFeed.paddle(character, wpm: 20, startSeconds: Double(index) * 1.5)
        }
        let fifo = scratch + "/paddle"
        try KeyEventFeed.makeFIFO(fifo)
        KeyEventFeed.play(presses, into: fifo)
        let result = try KochBinary.run([
            "practice", "characters", "--level", "2", "--seed", "3", "--count", "6", "--key-device", fifo, "--sound-device", "null",
            "--progress", scratch + "/progress.json",
        ])
        #expect(result.succeeded, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains("5 of 6 keyed right."), "\(result.standardOutput)")
        let wrong = "\(shown[3])  \(shown[3] == "K" ? "-.-" : "--")  wrong: read as \(keyed[3])"
        #expect(result.standardOutput.contains(wrong), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("dah 3.0"))
        let recorded = try Self.sessions(scratch + "/progress.json")
        #expect(recorded.first?["kind"] as? String == "drill")
        #expect(recorded.first?["sent"] as? Int == 6)
    }

    @Test func theMicrophoneReadsKochsOwnKeyingAndRecordsIt() throws {
        let scratch = try KochBinary.scratchFolder()
        let text = "KMMK KKMM MKMK MMKK KMKM"
        let key = try Self.exercise(text, in: scratch)
        // koch's own keying of the sheet, made from a paddle log.
        var log = ""
        for press in KeyEventFeed.paddle(text, wpm: 20, startSeconds: 1) {
            log += String(format: "%.4f %@ %@\n", press.seconds, press.code == KeyEventFeed.leftControl ? "dit" : "dah", press.isDown ? "down" : "up")
        }
        try log.write(toFile: scratch + "/log.txt", atomically: true, encoding: .utf8)
        let keyed = try KochBinary.run(["keyer", "--events", scratch + "/log.txt", "--wpm", "20", "--out", scratch + "/keyed.wav"])
        #expect(keyed.succeeded, "\(keyed.standardError)")
        let result = try KochBinary.run([
            "practice", "send", "--key", key, "--microphone", scratch + "/keyed.wav", "--sound-device", "null",
            "--progress", scratch + "/progress.json", "--timings", scratch + "/timings.json",
        ])
        #expect(result.succeeded, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains(text), "\(result.standardOutput)")
        #expect(try Self.sessions(scratch + "/progress.json").first?["correct"] as? Int == 20)
        let timings = try Self.progress(scratch + "/timings.json")
        let delays = try #require(timings["displayDelaySeconds"] as? [String: Any])
        #expect(delays["count"] as? Int == 20)
        // What the microphone heard, written as it came, is kept whole under the session's name.
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")
        #expect(!kept.contains { $0.hasPrefix(".") }, "\(kept)")
        let heardName = try #require(kept.first { $0.hasSuffix(".keying.wav") })
        let heard = try AudioFileReader(path: scratch + "/practice/" + heardName).readAll()[0]
        let played = try AudioFileReader(path: scratch + "/keyed.wav").readAll()[0]
        #expect(heard.count == played.count, "\(heard.count) heard of \(played.count)")
    }

    @Test func aMicrophoneSessionThatRecordsNothingLeavesNoRecording() throws {
        let scratch = try KochBinary.scratchFolder()
        // Two seconds of silence: nothing is keyed, the recording ends.
        let silence = SampleSource([Float](repeating: 0, count: 96_000))
        try WAVWriter.write(silence, sampleRate: 48_000, to: scratch + "/silence.wav")
        let result = try KochBinary.run([
            "practice", "characters", "--level", "2", "--count", "1", "--microphone", scratch + "/silence.wav", "--sound-device", "null",
            "--progress", scratch + "/progress.json",
        ])
        #expect(result.standardOutput.contains("Nothing was keyed, so nothing is recorded."), "\(result.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: scratch + "/progress.json"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")) ?? [] == [])
    }

    @Test func noKeyDeviceListsWhatToGive() throws {
        let result = try KochBinary.run(["practice", "send", "--sound-device", "null", "--progress", "/nonexistent/p.json"])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("--key-device"))
    }

    @Test func aMissingKeyDeviceIsNamed() throws {
        let scratch = try KochBinary.scratchFolder()
        let result = try KochBinary.run([
            "practice", "characters", "--key-device", scratch + "/no-such-device", "--sound-device", "null", "--progress", scratch + "/p.json",
        ])
        #expect(!result.succeeded)
        #expect(result.standardError.contains(scratch + "/no-such-device"))
        #expect(!FileManager.default.fileExists(atPath: scratch + "/p.json"))
    }
}
