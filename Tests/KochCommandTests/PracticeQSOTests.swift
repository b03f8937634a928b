import Foundation
import KochCore
import KochIO
import KochPresentation
import KochTestSupport
import Testing

/// A live contact through the built binary: the other station plays through the null sound
/// device (paced by the clock), the copy is typed on a pseudo-terminal as each word ends, and the
/// learner's overs are keyed on a fake paddle (a FIFO of input_event records), each written only
/// once the session shows the script for it.
@Suite(.serialized) struct PracticeQSOTests {
    static let seed: UInt64 = 5
    static let wpm = 30.0

    /// The contact `koch practice --kind qso --qso-style first-contact --seed 5` makes, rendered
    /// by the library from the template in the source tree.
    static func script() throws -> (QSOScript, QSOScript.Renderer) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("templates/qso/first-contact.mustache").path
        let templates = try Templates([(name: "qso/first-contact", text: try String(contentsOfFile: path, encoding: .utf8), origin: path)])
        let (style, contact) = QSOLiveContact.draw(styles: ["qso/first-contact"], seed: seed)
        let render: QSOScript.Renderer = { try templates.render(style, $0.context) }
        return (try QSOScript(contact: contact, render: render), render)
    }

    /// The copy of `text` typed word by word, each just after it ends (prosigns left out: they
    /// are one character, typed as several), timed from the moment the session says it sends.
    static func copy(of text: String) throws -> [PseudoTerminal.Typing] {
        let timeline = Timeline(
            text: try MorseText(parsing: text), timing: Timing(characterSpeedWPM: wpm, effectiveSpeedWPM: wpm), leadInSeconds: 0.2,
            tailSeconds: 0.3)
        var typing: [PseudoTerminal.Typing] = [.init(.onceOutputContains("They are sending"), "")]
        for word in timeline.words where !word.text.hasPrefix("<") {
            typing.append(.init(.secondsAfterMatch(word.endSeconds + 0.15), word.text.lowercased()))
        }
        return typing
    }

    /// Keys `text` on the paddle once the script for the learner's over is on the screen.
    static func key(_ text: String, on paddle: KeyEventWriter) -> PseudoTerminal.Typing {
        .init(.onceOutputContains("Your turn, key:")) { paddle.play(KeyEventFeed.paddle(text, wpm: wpm)) }
    }

    @Test func aWrongCallIsQueriedAndAWrongReportRepeatedBackBothHalvesRecorded() throws {
        let (script, render) = try Self.script()
        let caller = script.contact.caller.call.uppercased()
        let report = script.contact.answerer.rst
        let wrongReport = report == "599" ? "589" : "599"
        let wrongCall = String(caller.dropLast()) + (caller.hasSuffix("X") ? "Y" : "X")
        let first = script.overs[1].text
        let third = script.overs[3].words.map { $0 == report ? wrongReport : $0 }.joined(separator: " ")
        let readAsSent = QSOOverReading(over: script.overs[3], readText: third)
        guard case let .over(answer) = QSOReply.reply(script: script, afterOver: 3, reading: readAsSent, queried: 0, render: render) else {
            Issue.record("the script has no over after the learner's last")
            return
        }
        #expect(answer.text.contains(wrongReport))

        let scratch = try KochBinary.scratchFolder()
        let fifo = scratch + "/paddle"
        try KeyEventFeed.makeFIFO(fifo)
        let paddle = KeyEventWriter(path: fifo)
        defer { paddle.close() }
        var typing = try Self.copy(of: script.overs[0].text)
        typing.append(Self.key(first.replacingOccurrences(of: caller, with: wrongCall), on: paddle))
        typing.append(.init(.onceOutputContains("them: DE \(caller)?"), ""))
        typing.append(Self.key(first, on: paddle))
        typing += try Self.copy(of: script.overs[2].text)
        typing.append(Self.key(third, on: paddle))
        typing += try Self.copy(of: answer.text)
        let progress = scratch + "/progress.json"
        let run = try KochBinary.runOnTerminal(
            [
                "practice", "--kind", "qso", "--qso-style", "first-contact", "--seed", "\(Self.seed)", "--wpm", "30", "--effective", "30",
                "--key-device", fifo, "--sound-device", "null", "--progress", progress,
            ], typing: typing, columns: 200, lines: 60, timeoutSeconds: 240)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("their call: \(caller), you sent \(wrongCall)"), "\(run.output)")
        #expect(run.output.contains("Queried (DE \(caller)?)"), "\(run.output)")
        #expect(run.output.contains("your report: \(report), you sent \(wrongReport)"), "\(run.output)")
        #expect(run.output.contains("them: " + answer.text), "\(run.output)")

        let recorded = try #require(try PracticeKeyingTests.progress(progress)["sessions"] as? [[String: Any]])
        #expect(recorded.count == 2)
        #expect(recorded.allSatisfy { $0["kind"] as? String == "qso" })
        #expect(Set(recorded.compactMap { $0["direction"] as? String }) == ["send", "receive"])
        let sent = try #require(recorded.first { $0["direction"] as? String == "send" })
        // Every character of both overs as they stood is right but the two reports' three.
        let learnerCharacters = [first, script.overs[3].text].joined(separator: " ").split(separator: " ")
            .reduce(0) { $0 + WrittenTokens.split(String($1)).count }
        #expect(sent["sent"] as? Int == learnerCharacters)
        #expect((sent["correct"] as? Int).map { learnerCharacters - $0 } ?? 0 >= 2)

        // The key kept has the contact as it went: the other station's last over repeats the report as sent.
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")
        let keyName = try #require(kept.first { $0.hasSuffix(".key.json") })
        let key = try AnswerKeyFile.read(scratch + "/practice/" + keyName)
        let qso = try #require(key.qso)
        #expect(qso.otherOvers.last?.text == answer.text)
        #expect(qso.learnerOvers.map(\.text) == [first, script.overs[3].text])
        #expect(kept.contains { $0.hasSuffix(".keying.txt") })
        // The copy kept grades the same through koch grade.
        let copyName = try #require(kept.first { $0.hasSuffix(".copy.txt") })
        let again = try KochBinary.run([
            "grade", "--key", scratch + "/practice/" + keyName, "--transcript", scratch + "/practice/" + copyName, "--progress",
            scratch + "/again.json",
        ])
        #expect(again.succeeded, "\(again.standardError)")
        let received = try #require(recorded.first { $0["direction"] as? String == "receive" })
        let regraded = try #require(try PracticeKeyingTests.progress(scratch + "/again.json")["sessions"] as? [[String: Any]])
        #expect(regraded.first?["correct"] as? Int == received["correct"] as? Int)
        #expect(regraded.first?["sent"] as? Int == received["sent"] as? Int)
        #expect(regraded.first?["kind"] as? String == "qso")
        // And the paddle log kept grades the learner's half the same.
        let logName = try #require(kept.first { $0.hasSuffix(".keying.txt") })
        let keyed = try KochBinary.run([
            "grade", "--key", scratch + "/practice/" + keyName, "--events", scratch + "/practice/" + logName, "--progress",
            scratch + "/keyed.json",
        ])
        #expect(keyed.succeeded, "\(keyed.standardError)")
        let rekeyed = try #require(try PracticeKeyingTests.progress(scratch + "/keyed.json")["sessions"] as? [[String: Any]])
        #expect(rekeyed.first?["correct"] as? Int == sent["correct"] as? Int)
        #expect(rekeyed.first?["sent"] as? Int == sent["sent"] as? Int)
        #expect(rekeyed.first?["direction"] as? String == "send")
    }
}

/// Stops and refusals of a live contact.
@Suite(.serialized) struct PracticeQSOStopTests {
    @Test func aStopIsGradedOnTheOversDone() throws {
        let (script, _) = try PracticeQSOTests.script()
        let scratch = try KochBinary.scratchFolder()
        let fifo = scratch + "/paddle"
        try KeyEventFeed.makeFIFO(fifo)
        let paddle = KeyEventWriter(path: fifo)
        defer { paddle.close() }
        let typing: [PseudoTerminal.Typing] = [
            PracticeQSOTests.key(script.overs[1].text, on: paddle),
            .init(.onceOutputContains("They are sending"), ""),
            // Ctrl-C: the other station sends CQ, so q is copy.
            .init(.secondsAfterMatch(2), bytes: [3]),
        ]
        let progress = scratch + "/progress.json"
        let run = try KochBinary.runOnTerminal(
            [
                "practice", "--kind", "qso", "--qso-style", "first-contact", "--seed", "\(PracticeQSOTests.seed)", "--wpm", "30",
                "--effective", "30", "--key-device", fifo, "--sound-device", "null", "--progress", progress, "--show", "end",
            ], typing: typing, columns: 200, lines: 60, timeoutSeconds: 120)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Stopped: the overs before the stop are graded."), "\(run.output)")
        // With --show end the other station's text is shown only once the contact is over.
        let held = try #require(run.output.range(of: "them: (sent; shown at the end)"))
        let shown = try #require(run.output.range(of: "them: " + script.overs[0].text))
        #expect(held.lowerBound < shown.lowerBound)
        #expect(run.output[..<shown.lowerBound].contains("Your turn, key:"))
        let recorded = try #require(try PracticeKeyingTests.progress(progress)["sessions"] as? [[String: Any]])
        // Nothing was typed: the send half alone, of the one over keyed.
        #expect(recorded.count == 1)
        let characters = script.overs[1].words.reduce(0) { $0 + WrittenTokens.split($1).count }
        #expect(recorded.first?["direction"] as? String == "send")
        #expect(recorded.first?["sent"] as? Int == characters)
        #expect(recorded.first?["correct"] as? Int == characters)
    }

    @Test func aContactWithNothingKeyedRecordsNothing() throws {
        let scratch = try KochBinary.scratchFolder()
        let fifo = scratch + "/paddle"
        try KeyEventFeed.makeFIFO(fifo)
        let paddle = KeyEventWriter(path: fifo)
        defer { paddle.close() }
        let progress = scratch + "/progress.json"
        let run = try KochBinary.runOnTerminal(
            [
                "practice", "--kind", "qso", "--qso-style", "first-contact", "--seed", "1", "--wpm", "30", "--effective", "30",
                "--key-device", fifo, "--sound-device", "null", "--progress", progress,
            ], typing: [.init(.onceOutputContains("Your turn, key:"), bytes: [3])], columns: 200, lines: 60, timeoutSeconds: 90)
        #expect(run.status != 0)
        #expect(run.output.contains("Nothing was keyed") || run.output.contains("Nothing of your overs could be read"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: progress))
    }

    @Test func aContactAsksForAKeyDeviceOrTheMicrophone() throws {
        let scratch = try KochBinary.scratchFolder()
        let result = try KochBinary.run([
            "practice", "--kind", "qso", "--sound-device", "null", "--progress", scratch + "/progress.json",
        ])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("--key-device PATH, or --microphone default to key into the microphone"), "\(result.standardError)")
        let help = try KochBinary.run(["practice", "--help"])
        let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("into the microphone (--microphone)"), "\(help.standardOutput)")
        #expect(words.contains("The microphone is read only in your turns"), "\(help.standardOutput)")
    }
}
