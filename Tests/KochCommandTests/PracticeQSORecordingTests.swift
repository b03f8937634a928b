import Foundation
import KochCore
import KochIO
import KochTestSupport
import Testing

/// How a live contact is recorded: both halves in one write, as `koch grade` records a contact,
/// or neither. Each contact here is the one `PracticeQSOTests.script()` draws, stopped in the
/// learner's second turn, once the other station's second over has been sent.
@Suite(.serialized) struct PracticeQSORecordingTests {
    /// Runs the contact: `copy` typed as the other station's first two overs play, the learner's
    /// first over keyed, `late` typed two seconds into that turn, then a stop in the next turn.
    static func contact(copy: (Int) throws -> [PseudoTerminal.Typing], late: String, progress: String, in scratch: String) throws
        -> PseudoTerminal.Run
    {
        let (script, _) = try PracticeQSOTests.script()
        let fifo = scratch + "/paddle-\(UUID().uuidString.prefix(8))"
        try KeyEventFeed.makeFIFO(fifo)
        let paddle = KeyEventWriter(path: fifo)
        defer { paddle.close() }
        var typing = try copy(0)
        typing.append(PracticeQSOTests.key(script.overs[1].text, on: paddle))
        if !late.isEmpty { typing.append(.init(.secondsAfterMatch(2), late)) }
        typing += try copy(2)
        typing.append(.init(.onceOutputContains("Your turn, key:"), bytes: [3]))
        return try KochBinary.runOnTerminal(
            [
                "practice", "--kind", "qso", "--qso-style", "first-contact", "--seed", "\(PracticeQSOTests.seed)", "--wpm", "30",
                "--effective", "30", "--key-device", fifo, "--sound-device", "null", "--progress", progress,
            ], typing: typing, columns: 200, lines: 60, timeoutSeconds: 180)
    }

    @Test func bothHalvesAreRecordedInOneWriteOrNeither() throws {
        let (script, _) = try PracticeQSOTests.script()
        let scratch = try KochBinary.scratchFolder()
        let progress = scratch + "/progress.json"
        // The first over's last word is typed late, in the learner's own turn: it is copy still.
        let words = script.overs[0].text.split(separator: " ").map(String.init)
        let lastWord = try #require(words.last { !$0.hasPrefix("<") })
        let held = words.lastIndex(of: lastWord).map { Array(words[..<$0]) + words[($0 + 1)...] } ?? words
        let copy: (Int) throws -> [PseudoTerminal.Typing] = {
            try PracticeQSOTests.copy(of: $0 == 0 ? held.joined(separator: " ") : script.overs[$0].text)
        }
        let run = try Self.contact(copy: copy, late: lastWord.lowercased(), progress: progress, in: scratch)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Your overs and your copy recorded in \(progress) as a QSO (send and receive)"), "\(run.output)")
        let recorded = try #require(try PracticeKeyingTests.progress(progress)["sessions"] as? [[String: Any]])
        #expect(recorded.count == 2)
        #expect(recorded.allSatisfy { $0["live"] as? Bool == true })
        #expect(run.output.components(separatedBy: "Sound: ").count == 2, "\(run.output)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")
        // The files are named for both sessions, R02-… and S02-…: by the level and hash they share.
        let ids = recorded.compactMap { $0["lessonID"] as? String }
        #expect(Set(ids.map { $0.dropFirst() }).count == 1, "\(ids)")
        #expect(kept.allSatisfy { name in ids.allSatisfy { !name.contains($0) } && name.contains("-" + ids[0].dropFirst()) }, "\(kept)")
        let copyName = try #require(kept.first { $0.hasSuffix(".copy.txt") })
        let typed = try String(contentsOfFile: scratch + "/practice/" + copyName, encoding: .utf8)
        #expect(typed.uppercased().split(separator: " ").filter { $0 == lastWord.uppercased() }.count >= 1, "\(typed)")

        // The receive half alone left in the file: the same contact again is refused whole, and
        // its send half, which nothing else refuses, is not written either.
        var file = try PracticeKeyingTests.progress(progress)
        file["sessions"] = recorded.filter { $0["direction"] as? String == "receive" }
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: progress))
        let before = try Data(contentsOf: URL(fileURLWithPath: progress))
        let again = try Self.contact(copy: { try PracticeQSOTests.copy(of: script.overs[$0].text) }, late: "", progress: progress, in: scratch)
        #expect(again.status != 0, "\(again.output)")
        #expect(again.output.contains("was already graded"), "\(again.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: progress)) == before)
    }

    @Test func aContactWhoseCopyIsRefusedRecordsNothingAndSaysHowToRecordTheOvers() throws {
        let scratch = try KochBinary.scratchFolder()
        let progress = scratch + "/progress.json"
        // One letter of the other station's first over: under a quarter of what it sent.
        let copy: (Int) throws -> [PseudoTerminal.Typing] = {
            [.init(.onceOutputContains("They are sending"), "")] + ($0 == 0 ? [.init(.secondsAfterMatch(1), "c")] : [])
        }
        let run = try Self.contact(copy: copy, late: "", progress: progress, in: scratch)
        #expect(run.status != 0, "\(run.output)")
        #expect(run.output.contains("under a quarter is too little to grade"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: progress))
        // The command printed, up to the progress file it names last.
        let words = run.output.split(whereSeparator: \.isWhitespace).map(String.init)
        let start = try #require(words.lastIndex(of: "--events").flatMap { words[..<$0].lastIndex(of: "koch") })
        let end = try #require(words[start...].lastIndex(of: progress))
        let arguments = Array(words[(start + 1)...end])
        #expect(arguments.contains("--date"), "\(arguments)")
        let overs = try KochBinary.run(arguments)
        #expect(overs.succeeded, "\(arguments)\n\(overs.standardOutput)\n\(overs.standardError)")
        let recorded = try #require(try PracticeKeyingTests.progress(progress)["sessions"] as? [[String: Any]])
        #expect(recorded.count == 1)
        #expect(recorded.first?["direction"] as? String == "send")
        #expect(recorded.first?["kind"] as? String == "qso")
    }
}
