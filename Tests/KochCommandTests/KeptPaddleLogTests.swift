import Foundation
import KochCore
import KochIO
import KochTestSupport
import Testing

/// The paddle log live practice keeps, read back by the built binary.
@Suite(.serialized) struct KeptPaddleLogTests {
    @Test func aKeptPaddleLogIsReadBackByKochKeyerAsKeyed() throws {
        let scratch = try KochBinary.scratchFolder()
        let text = "PARIS PARIS"
        // An exercise at 25 WPM, far from the keyer's own default of 13.
        let textPath = scratch + "/exercise.txt"
        try text.write(toFile: textPath, atomically: true, encoding: .utf8)
        let made = try KochBinary.run([
            "lesson", "--direction", "send", "--kind", "text", "--file", textPath, "--format", "none", "--out", scratch + "/exercise",
            "--seed", "1", "--wpm", "25", "--effective", "25",
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let keyName = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch + "/exercise").first { $0.hasSuffix(".key.json") })
        let fifo = scratch + "/paddle"
        try KeyEventFeed.makeFIFO(fifo)
        let done = DispatchSemaphore(value: 0)
        KeyEventFeed.play(KeyEventFeed.paddle(text, wpm: 25), into: fifo, done: done)
        let practised = try KochBinary.run([
            "practice", "send", "--key", scratch + "/exercise/" + keyName, "--key-device", fifo, "--sound-device", "null", "--progress",
            scratch + "/progress.json",
        ])
        done.wait()
        #expect(practised.succeeded, "\(practised.standardOutput)\n\(practised.standardError)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")
        let log = scratch + "/practice/" + (try #require(kept.first { $0.hasSuffix(".keying.txt") }))
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains(" wpm 25"))
        let read = try KochBinary.run(["keyer", "--events", log])
        #expect(read.succeeded, "\(read.standardError)")
        #expect(read.standardOutput.contains("Mode B, 25 WPM"), "\(read.standardOutput)")
        // What was keyed is what the session graded from the same log at the exercise's speed (a
        // loaded machine may key the feed's first characters late, so not always the text fed).
        let graded = try KochBinary.run([
            "grade", "--key", scratch + "/exercise/" + keyName, "--events", log, "--json", "--dry-run", "--progress", scratch + "/progress.json",
        ])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(graded.standardOutput.utf8)) as? [String: Any])
        let decoded = try #require((report["recording"] as? [String: Any])?["decodedText"] as? String, "\(graded.standardOutput)")
        #expect(decoded.hasSuffix("PARIS"))
        #expect(read.standardOutput.split(separator: "\n").last.map(String.init) == decoded, "\(read.standardOutput)")
    }
}
