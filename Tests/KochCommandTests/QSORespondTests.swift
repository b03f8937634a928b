import Foundation
import KochCore
import KochIO
import Testing

/// A contact to answer from files: the lesson with pauses for the learner's overs, and the
/// learner's paddle log and copy graded as both halves of the contact.
@Suite struct QSORespondTests {
    static let sendWPM = 15.0

    /// Writes a first-contact lesson to answer (WAV at 8 kHz) and returns its key's path.
    static func lesson(_ scratch: GradingScratch, respond: Bool = true, seed: Int = 7) throws -> String {
        let out = scratch.folder + "/lessons-\(respond)-\(seed)"
        let result = try KochBinary.run(
            [
                "lesson", "--kind", "qso", "--qso-style", "first-contact", "--seed", "\(seed)", "--format", respond ? "wav" : "none",
                "--sample-rate", "8000", "--out", out, "--progress", scratch.folder + "/no-progress.json",
            ] + (respond ? ["--respond", "--send-wpm", "\(Int(sendWPM))"] : []))
        guard result.succeeded else { throw CommandFailed(result: result) }
        let key = try #require(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".key.json") })
        return out + "/" + key
    }

    /// A paddle log keying each text from its start time at `wpm`: each paddle pressed for half
    /// its element (the keyer times it), three units between characters and seven between words.
    static func paddleLog(_ overs: [(text: String, startSeconds: Double)], wpm: Double) throws -> String {
        let unit = Timing.unitSeconds(wpm: wpm)
        var lines: [String] = []
        for over in overs {
            var time = over.startSeconds
            for word in try MorseText(parsing: over.text).words {
                for symbol in word {
                    for element in symbol.pattern {
                        let length = unit * (element == "." ? 1 : 3)
                        let paddle = element == "." ? "dit" : "dah"
                        lines.append(String(format: "%.4f %@ down", time, paddle))
                        lines.append(String(format: "%.4f %@ up", time + length / 2, paddle))
                        time += length + unit
                    }
                    time += 2 * unit
                }
                time += 4 * unit
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The learner's overs as the script has them, the report they give in the second sent as `report`.
    static func overs(of qso: QSOKey, report: String) -> [(text: String, startSeconds: Double)] {
        qso.learnerOvers.enumerated().map { index, over in
            var words = over.text.split(separator: " ").map(String.init)
            if index == 1 {
                for field in over.fields where field.key == "answerer.rst" { words.replaceSubrange(field.words, with: [report]) }
            }
            return (words.joined(separator: " "), over.startSeconds + 1)
        }
    }

    /// The 16-bit samples of a WAV file's data chunk.
    static func samples(ofWAV path: String) throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) == "data" {
                let data = bytes[(offset + 8)..<min(bytes.count, offset + 8 + size)]
                return stride(from: data.startIndex, to: data.endIndex - 1, by: 2).map {
                    Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
                }
            }
            offset += 8 + size + size % 2
        }
        return []
    }

    @Test func aContactToAnswerIsWrittenWithPausesLongEnoughForTheLearnersOvers() throws {
        let scratch = try GradingScratch()
        let keyPath = try Self.lesson(scratch)
        let key = try AnswerKeyFile.read(keyPath)
        let qso = try #require(key.qso)
        #expect(keyPath.split(separator: "/").last?.hasPrefix("koch-qso-01-") == true)
        #expect(qso.overs.map(\.station) == [.other, .learner, .other, .learner, .other])
        #expect(qso.learnerSpeedWPM == Self.sendWPM)
        // Each pause holds its over keyed at the learner's speed, with time to begin and to hand over.
        let learnerTiming = Timing(characterSpeedWPM: Self.sendWPM, effectiveSpeedWPM: Self.sendWPM)
        for over in qso.learnerOvers {
            let keyed = KeyedDuration.seconds(of: try MorseText(parsing: over.text).words, timing: learnerTiming)
            #expect(over.endSeconds - over.startSeconds >= keyed + 4, "\(over.text)")
        }
        // The groups to copy are the other station's words, none of them in a pause.
        #expect(key.groups.map(\.text).joined(separator: " ") == qso.otherOvers.map(\.text).joined(separator: " "))
        #expect(
            key.groups.allSatisfy { group in !qso.learnerOvers.contains { $0.startSeconds < group.endSeconds && group.startSeconds < $0.endSeconds } }
        )
        // The audio keys the other station and is silent in the pauses.
        let samples = try Self.samples(ofWAV: keyPath.replacingOccurrences(of: ".key.json", with: ".wav"))
        #expect(abs(Double(samples.count) / 8000 - key.durationSeconds) < 0.01)
        func peak(_ from: Double, _ to: Double) -> Int16 {
            samples[Int(from * 8000)..<Int(to * 8000)].map { $0.magnitude }.max().map(Int16.init) ?? 0
        }
        let other = qso.otherOvers[0]
        let pause = qso.learnerOvers[0]
        #expect(peak(other.startSeconds, other.endSeconds) > 10000)
        #expect(peak(pause.startSeconds + 0.1, pause.endSeconds - 0.1) == 0)
        // The sheet: the learner's overs to key, each heard value a blank, and when each pause begins.
        let sheet = try String(contentsOfFile: keyPath.replacingOccurrences(of: ".key.json", with: ".sheet.txt"), encoding: .utf8)
        #expect(sheet.contains(AnswerSheet.minuteSecond(pause.startSeconds) + "  you, "), "\(sheet)")
        #expect(sheet.contains(pause.script) && pause.script.hasPrefix("[THEIR CALL] DE " + qso.contact.answerer.call.uppercased()), "\(sheet)")
        #expect(!sheet.contains(qso.contact.caller.call.uppercased()), "the other station's call is to be heard")
        #expect(FileManager.default.fileExists(atPath: keyPath.replacingOccurrences(of: ".key.json", with: ".key.txt")))
        // A plain QSO lesson of the same seed is another lesson.
        let plain = try AnswerKeyFile.read(try Self.lesson(scratch, respond: false))
        #expect(plain.qso == nil && plain.lessonID != key.lessonID)
    }

    @Test func aPaddleLogWithOneWrongReportNamesItAndRecordsBothHalvesAsQSOSessions() throws {
        let scratch = try GradingScratch()
        let keyPath = try Self.lesson(scratch)
        let key = try AnswerKeyFile.read(keyPath)
        let qso = try #require(key.qso)
        let report = try #require(qso.learnerOvers[1].fields.first { $0.key == "answerer.rst" }).value
        let wrong = report == "599" ? "589" : "599"
        // A tap as the lesson starts (what times an evtest log), then the overs in their pauses.
        let keyed = [("E", 0.2)] + Self.overs(of: qso, report: wrong)
        let log = try scratch.transcript(try Self.paddleLog(keyed, wpm: Self.sendWPM), name: "paddles.txt")
        let copy = try scratch.transcript(try scratch.perfectCopy(of: keyPath))
        let arguments = ["grade", "--key", keyPath, "--events", log, "--transcript", copy, "--progress", scratch.progressPath]
        let json = try jsonObject(try KochBinary.run(arguments + ["--json", "--dry-run"]).standardOutput)
        let overs = try #require(json["overs"] as? [[String: Any]])
        let values = overs.flatMap { ($0["values"] as? [[String: Any]]) ?? [] }
        let wrongValues = values.filter { $0["right"] as? Bool == false }
        #expect(wrongValues.count == 2 && wrongValues.allSatisfy { $0["key"] as? String == "answerer.rst" && $0["sent"] as? String == wrong })
        #expect(values.count > wrongValues.count)
        #expect(json["charactersOutside"] as? Int == 1)
        #expect((json["receive"] as? [String: Any])?["accuracy"] as? Double == 1)
        #expect((json["send"] as? [String: Any])?["levelDecision"] as? String == "notLevelLesson")
        #expect(scratch.progressBytes() == nil, "a dry run records nothing")

        let result = try KochBinary.run(arguments)
        #expect(result.succeeded, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("  over 2: report \(wrong) (the script: \(report))"), "\(result.standardOutput)")
        #expect(lines.filter { $0.hasPrefix("  over ") }.count == 1, "every other value right: \(result.standardOutput)")
        #expect(result.standardOutput.contains(", 1 outside them (not graded)"), "\(result.standardOutput)")
        let sessions = try scratch.sessions()
        #expect(sessions.map(\.kind) == [.qso, .qso])
        #expect(Set(sessions.map(\.direction)) == [.send, .receive])
        #expect(sessions.first { $0.direction == .receive }?.lessonID == key.lessonID)
        // A QSO moves neither level nor schedule.
        let status = try scratch.statusJSON(date: "2026-11-28")
        for direction in ["receive", "send"] {
            #expect((status[direction] as? [String: Any])?["level"] as? Int == 2, "\(status)")
        }
        let again = try KochBinary.run(arguments)
        #expect(!again.succeeded && again.standardError.contains("already graded"), "\(again.standardError)")
    }

    @Test func aLogWithNothingInThePausesIsRefusedAndRecordsNothing() throws {
        let scratch = try GradingScratch()
        let keyPath = try Self.lesson(scratch)
        let qso = try #require(try AnswerKeyFile.read(keyPath).qso)
        // Keyed over the other station's first over, and none in a pause.
        let log = try scratch.transcript(try Self.paddleLog([("CQ", qso.otherOvers[0].startSeconds)], wpm: Self.sendWPM), name: "early.txt")
        let result = try KochBinary.run(["grade", "--key", keyPath, "--events", log, "--progress", scratch.progressPath])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("\(log): nothing was keyed in the 2 pauses"), "\(result.standardError)")
        #expect(result.standardError.contains("2 characters were keyed outside them"), "\(result.standardError)")
        #expect(scratch.progressBytes() == nil, "nothing recorded")
    }

    @Test func aCopyAloneGradesTheReceiveHalfAsAnyLesson() throws {
        let scratch = try GradingScratch()
        let keyPath = try Self.lesson(scratch)
        let copy = try scratch.transcript(try scratch.perfectCopy(of: keyPath))
        let result = try KochBinary.run(["grade", "--key", keyPath, "--transcript", copy, "--progress", scratch.progressPath])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(try scratch.sessions().map { "\($0.kind) \($0.direction)" } == ["qso receive"])
    }

    @Test func aKeyWhoseContactHasNoOverOfTheLearnersIsNamedAsMalformed() throws {
        let scratch = try GradingScratch()
        let keyPath = try Self.lesson(scratch)
        var json = try jsonObject(try String(contentsOfFile: keyPath, encoding: .utf8))
        var qso = try #require(json["qso"] as? [String: Any])
        qso["overs"] = (qso["overs"] as? [[String: Any]])?.filter { $0["station"] as? String != "learner" }
        json["qso"] = qso
        let edited = scratch.folder + "/edited.key.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: edited))
        let log = try scratch.transcript("1.0 dit down\n1.03 dit up\n", name: "paddles.txt")
        let result = try KochBinary.run(["grade", "--key", edited, "--events", log, "--progress", scratch.progressPath])
        #expect(!result.succeeded)
        #expect(result.standardError.contains(edited) && result.standardError.contains("qso.overs"), "\(result.standardError)")
        #expect(result.standardError.contains("no over of the learner's"), "\(result.standardError)")
        #expect(scratch.progressBytes() == nil)
    }

    @Test func respondIsForAQSOLessonToHear() throws {
        let scratch = try GradingScratch()
        let result = try KochBinary.run(["lesson", "--respond", "--out", scratch.folder, "--progress", scratch.progressPath])
        #expect(!result.succeeded && result.standardError.contains("--respond makes a contact to answer: give it with --kind qso."))
        let speed = try KochBinary.run(["lesson", "--kind", "qso", "--send-wpm", "15", "--out", scratch.folder])
        #expect(!speed.succeeded && speed.standardError.contains("--send-wpm"), "\(speed.standardError)")
    }
}
