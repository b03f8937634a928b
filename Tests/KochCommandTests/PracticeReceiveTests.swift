import Foundation
import KochCore
import KochIO
import KochTestSupport
import Testing

/// Live receive practice through the built binary on a pseudo-terminal: the test types what a
/// learner would, at the times they would, while the lesson plays (to no sound device: CI has none).
@Suite struct PracticeReceiveTests {
    /// A one-minute lesson at level 2: its key's path and the key.
    static func lesson(in scratch: String, seed: Int = 11) throws -> (path: String, key: AnswerKey) {
        let made = try KochBinary.run([
            "lesson", "--level", "2", "--minutes", "1", "--seed", "\(seed)", "--format", "none", "--out", scratch + "/lesson",
        ])
        #expect(made.succeeded, "\(made.standardError)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch + "/lesson").first { $0.hasSuffix(".key.json") })
        let path = scratch + "/lesson/" + name
        return (path, try AnswerKeyFile.read(path))
    }

    static func session(_ progressPath: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: progressPath))
        let progress = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sessions = try #require(progress["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        return try #require(sessions.first)
    }

    @Test func aCopyTypedWhileTheLessonPlaysIsRecordedAsKochGradeRecordsIt() throws {
        let scratch = try KochBinary.scratchFolder()
        let (keyPath, key) = try Self.lesson(in: scratch)
        // Typed a little after each group ends; group 3 not copied, group 5 with its first
        // character wrong; a pause of 4 s from 0:10.
        let pauseAt = 10.0, pauseFor = 4.0
        var typing: [PseudoTerminal.Typing] = [.init(.onceOutputContains("Space pauses"), "")]
        typing.append(.init(.secondsAfterMatch(pauseAt), " "))
        typing.append(.init(.secondsAfterMatch(pauseAt + pauseFor), " "))
        var expected: [String] = []
        for (index, group) in key.groups.enumerated() where index != 2 {
            var text = group.text.lowercased()
            if index == 4 { text = (text.first == "k" ? "m" : "k") + text.dropFirst() }
            let typedAt = group.endSeconds + 0.3 + (group.endSeconds + 0.3 > pauseAt ? pauseFor : 0)
            typing.append(.init(.secondsAfterMatch(typedAt), text))
            expected.append(text.uppercased())
        }
        let progress = scratch + "/progress.json"
        let run = try KochBinary.runOnTerminal(
            ["practice", "--key", keyPath, "--sound-device", "null", "--progress", progress],
            typing: typing, timeoutSeconds: 120)
        #expect(run.status == 0, "\(run.output)")
        let live = try Self.session(progress)
        // The copy kept is what a learner would write by hand, and koch grade records it the same.
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")
        let copyName = try #require(kept.first { $0.hasSuffix(".copy.txt") })
        let copy = try String(contentsOfFile: scratch + "/practice/" + copyName, encoding: .utf8)
        let copied = copy.split(whereSeparator: \.isWhitespace).map(String.init).filter { !$0.hasPrefix("_") }
        #expect(copied == expected, "\(copy)")
        // The group not copied shows as the legend says: `_`, not `?`.
        #expect(run.output.contains("_ = not copied"))
        let shown = PracticeWordsTests.groupLine(key.groups[2], in: run.output.replacingOccurrences(of: "\r", with: ""))
        #expect(shown?.hasSuffix(" → " + String(repeating: "_", count: key.groups[2].text.count)) == true, "\(run.output)")
        #expect(!run.output.contains("???"))
        let again = try KochBinary.run([
            "grade", "--key", keyPath, "--transcript", scratch + "/practice/" + copyName, "--progress", scratch + "/again.json",
        ])
        #expect(again.succeeded, "\(again.standardError)")
        let batch = try Self.session(scratch + "/again.json")
        for field in ["sent", "correct", "inserted", "level", "kind", "direction"] {
            #expect("\(live[field] ?? "-")" == "\(batch[field] ?? "-")", "\(field)")
        }
        #expect(
            NSDictionary(dictionary: live["characters"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: batch["characters"] as? [String: Any] ?? [:]))
    }

    @Test func qInTheMiddleOfAGroupGradesTheGroupsBeforeItAndLeavesThatOneOut() throws {
        let scratch = try KochBinary.scratchFolder()
        let (keyPath, key) = try Self.lesson(in: scratch, seed: 12)
        // Stopped halfway through the group sounding at half a minute, its first characters typed.
        let sounding = try #require(key.groups.first { $0.endSeconds > 30 })
        let stopAt = (sounding.startSeconds + sounding.endSeconds) / 2
        var typing: [PseudoTerminal.Typing] = [.init(.onceOutputContains("Space pauses"), "")]
        for group in key.groups where group.number < sounding.number {
            typing.append(.init(.secondsAfterMatch(group.endSeconds + 0.3), group.text))
        }
        typing.append(.init(.secondsAfterMatch(stopAt - 0.3), String(sounding.text.prefix(2))))
        typing.append(.init(.secondsAfterMatch(stopAt), "q"))
        let progress = scratch + "/progress.json"
        let run = try KochBinary.runOnTerminal(
            ["practice", "--key", keyPath, "--sound-device", "null", "--progress", progress],
            typing: typing, timeoutSeconds: 90)
        #expect(run.status == 0, "\(run.output)")
        // Where it stopped is said once, by the grade.
        #expect(run.output.components(separatedBy: "Stopped at").count == 2, "\(run.output)")
        let live = try Self.session(progress)
        let stoppedAt = try #require(live["stoppedAtSeconds"] as? Double)
        try #require(stoppedAt > sounding.startSeconds && stoppedAt < sounding.endSeconds, "stopped at \(stoppedAt), not in the group")
        let before = key.groups.prefix { $0.number < sounding.number }
        #expect(live["sent"] as? Int == before.reduce(0) { $0 + $1.text.count })
        #expect(live["correct"] as? Int == live["sent"] as? Int, "the group sounding is not counted missed")
        #expect(run.output.contains("graded the \(before.count) of \(key.groups.count) groups sent before then"), "\(run.output)")
        // The copy kept holds the groups sent, not the characters typed for the one left out.
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch + "/practice")
        let copyName = try #require(kept.first { $0.hasSuffix(".copy.txt") })
        let copy = try String(contentsOfFile: scratch + "/practice/" + copyName, encoding: .utf8)
        #expect(copy.split(whereSeparator: \.isWhitespace).map(String.init) == before.map(\.text), "\(copy)")
    }

    @Test func copyFromAStandardInputThatIsNoTerminalIsRefusedBeforeAnythingPlays() throws {
        let scratch = try KochBinary.scratchFolder()
        let (keyPath, key) = try Self.lesson(in: scratch, seed: 14)
        try FileManager.default.createDirectory(atPath: scratch + "/sound", withIntermediateDirectories: true)
        let sandbox = try SoundSandbox.alsaFile(folder: scratch + "/sound")
        let progress = scratch + "/progress.json"
        let arguments = ["practice", "--key", keyPath, "--sound-device", AlsaFileSandbox.outputDevice, "--progress", progress]
        let piped = try KochBinary.run(arguments, environment: sandbox.environment, input: key.sentText + "\n")
        let fromNull = try KochBinary.run(
            ["-c", "exec \"$0\" \"$@\" < /dev/null", KochBinary.path] + arguments, environment: sandbox.environment, executable: "/bin/sh")
        // A contact reads the copy of the other station the same way.
        let contact = try KochBinary.run(
            [
                "practice", "--kind", "qso", "--key-device", scratch + "/no-device", "--sound-device", AlsaFileSandbox.outputDevice, "--progress",
                progress,
            ],
            environment: sandbox.environment, input: "")
        for run in [piped, fromNull, contact] {
            #expect(run.exitCode != 0)
            #expect(run.standardError.contains("its standard input is not a terminal"), "\(run.standardError)")
            #expect(run.standardError.contains("nothing was played and nothing is recorded"), "\(run.standardError)")
        }
        for run in [piped, fromNull] {
            #expect(run.standardError.contains("koch grade --key \(keyPath) --transcript FILE"), "\(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: progress))
        #expect(!FileManager.default.fileExists(atPath: scratch + "/practice"))
        #expect(sandbox.played().isEmpty)
    }

    @Test func ctrlCRightAwayRecordsNothing() throws {
        let scratch = try KochBinary.scratchFolder()
        let (keyPath, _) = try Self.lesson(in: scratch, seed: 13)
        let progress = scratch + "/progress.json"
        let run = try KochBinary.runOnTerminal(
            ["practice", "--key", keyPath, "--sound-device", "null", "--progress", progress],
            typing: [.init(.onceOutputContains("Space pauses"), bytes: [3])], timeoutSeconds: 60)
        #expect(run.status != 0)
        #expect(run.output.contains("nothing") || run.output.contains("Nothing"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: progress))
    }
}
