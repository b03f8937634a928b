import Foundation
import KochAudio
import KochCore
import KochIO
import KochTestSupport
import Testing

/// A live contact keyed into the microphone, through the PulseAudio server `PracticeSoundTests`
/// starts (one server a test process: a further one may not answer): the other station plays into
/// the null sink and the microphone is the sink's monitor, so it hears the other station as a
/// microphone beside speakers would. The learner's overs are `koch render` recordings at another
/// pitch, played into the sink with `paplay` once the screen says it is the learner's turn.
enum PracticeQSOMicrophoneTests {
    static let wpm = 25.0
    static let learnerToneHz = 700.0

    /// The contact at `PracticeQSOTests.seed`: the first over keyed as the script has it, the
    /// second with a wrong report; no copy typed. Only the learner's turns are read: both overs
    /// read as keyed, the wrong report repeated back, the send half graded and recorded.
    static func aContactIsKeyedIntoTheMicrophone(through sandbox: PulseSandbox, in scratch: String) throws {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let (script, render) = try PracticeQSOTests.script()
        let report = script.contact.answerer.rst
        let wrongReport = report == "599" ? "589" : "599"
        let first = script.overs[1].text
        let third = script.overs[3].words.map { $0 == report ? wrongReport : $0 }.joined(separator: " ")
        let readAsSent = QSOOverReading(over: script.overs[3], readText: third)
        guard case let .over(answer) = QSOReply.reply(script: script, afterOver: 3, reading: readAsSent, queried: 0, render: render) else {
            Issue.record("the script has no over after the learner's last")
            return
        }
        let overs = try [first, third].enumerated().map { index, text in
            let path = scratch + "/over\(index).wav"
            let rendered = try KochBinary.run([
                "render", text, "--out", path, "--wpm", "\(wpm)", "--effective", "\(wpm)", "--tone", "\(learnerToneHz)", "--sample-rate", "48000",
            ])
            #expect(rendered.succeeded, "\(rendered.standardError)")
            return path
        }
        let players = overs.map { path in
            // A second after the turn begins: the microphone reads from 0.3 s after the other station's sound.
            let player = Process()
            player.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            player.arguments = ["sh", "-c", "sleep 1; paplay " + path]
            player.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
            return player
        }
        func key(_ player: Process) -> PseudoTerminal.Typing {
            .init(.onceOutputContains("Your turn, key:")) { try? player.run() }
        }
        let typing = [key(players[0]), .init(.onceOutputContains("They are sending"), ""), key(players[1])]
        let progress = scratch + "/progress.json"
        let run = try KochBinary.runOnTerminal(
            [
                "practice", "--kind", "qso", "--qso-style", "first-contact", "--seed", "\(PracticeQSOTests.seed)", "--wpm", "\(wpm)", "--effective",
                "\(wpm)", "--microphone", "default", "--sound-device", "default", "--progress", progress,
            ], environment: sandbox.environment, typing: typing, columns: 200, lines: 60, timeoutSeconds: 300)
        for player in players where player.processIdentifier > 0 { player.waitUntilExit() }
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Listening: default"), "\(run.output)")
        #expect(run.output.contains(" you: " + first), "\(run.output)")
        // The screen shows a <BT> read from the sound as its character, =.
        #expect(run.output.contains(" you: " + third.replacingOccurrences(of: "<BT>", with: "=")), "\(run.output)")
        #expect(run.output.contains("your report: \(report), you sent \(wrongReport)"), "\(run.output)")
        #expect(run.output.contains("them: " + answer.text), "\(run.output)")

        let recorded = try #require(try PracticeKeyingTests.progress(progress)["sessions"] as? [[String: Any]])
        #expect(recorded.count == 1)
        let sent = try #require(recorded.first)
        #expect(sent["kind"] as? String == "qso")
        #expect(sent["direction"] as? String == "send")
        let characters = [first, script.overs[3].text].joined(separator: " ").split(separator: " ")
            .reduce(0) { $0 + WrittenTokens.split(String($1)).count }
        let wrong = zip(script.overs[3].text, third).filter { $0 != $1 }.count
        #expect(sent["sent"] as? Int == characters)
        #expect(sent["correct"] as? Int == characters - wrong)

        // What the microphone heard is kept; the other station's turns are silent in it.
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")
        let keying = try #require(kept.first { $0.hasSuffix(".keying.wav") })
        let heard = try AudioFileReader(path: scratch + "/practice/" + keying).readAll()[0]
        let calling = Timeline(
            text: try MorseText(parsing: script.overs[0].text), timing: Timing(characterSpeedWPM: wpm, effectiveSpeedWPM: wpm), leadInSeconds: 0.2,
            tailSeconds: 0.3)
        let callingSamples = Int(0.5 * 48000)..<Int((calling.durationSeconds - 0.5) * 48000)
        #expect(heard.count > callingSamples.upperBound)
        #expect(heard[callingSamples].allSatisfy { $0 == 0 })
        #expect(heard.contains { abs($0) > 0.1 })
    }
}
