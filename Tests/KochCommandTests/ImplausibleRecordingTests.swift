import Foundation
import KochAudio
import KochCore
import KochIO
import Testing
@testable import KochDecoding

/// Never a false grade: a recording whose decode is implausible for the
/// exercise (talk alone, a carrier, a wrong --tone, two tones keyed alike)
/// is refused by `koch grade --audio`, with what was seen and what to try,
/// and the learner's progress file keeps every byte.
@Suite struct ImplausibleRecordingTests {
    /// A send exercise, and a progress file holding one session graded from a good recording of it.
    struct Learner {
        let scratch: GradingScratch
        let key: String
        let text: String
        let recording: String
        var progressBytes: Data? { FileManager.default.contents(atPath: scratch.progressPath) }

        init(_ name: String = #function) throws {
            scratch = try GradingScratch(name)
            let first = try scratch.lesson(level: 5, seed: 11, minutes: 1, direction: .send)
            recording = scratch.folder + "/keying.wav"
            try SendPracticeTests.recordKeying(try SendPracticeTests.sentText(first), to: recording)
            let graded = try KochBinary.run(
                ["grade", "--key", first, "--audio", recording, "--progress", scratch.progressPath, "--date", "2026-11-20T19:30"],
                environment: ["TZ": "UTC"])
            guard graded.succeeded else { throw CommandFailed(result: graded) }
            key = try scratch.lesson(level: 5, seed: 12, minutes: 1, direction: .send)
            text = try SendPracticeTests.sentText(key)
        }

        func grade(_ audio: String, _ extra: [String] = []) throws -> KochBinary.Result {
            try KochBinary.run(
                ["grade", "--key", key, "--audio", audio, "--progress", scratch.progressPath, "--date", "2026-11-21T19:30"] + extra,
                environment: ["TZ": "UTC"])
        }

        /// Grades `audio` and expects it refused: a failure, "nothing was recorded" and each of
        /// `saying` on standard error, and the progress file byte for byte as it was.
        @discardableResult
        func expectRefused(_ audio: String, _ extra: [String] = [], saying: [String] = [], sourceLocation: SourceLocation = #_sourceLocation)
            throws -> KochBinary.Result
        {
            let before = try #require(progressBytes, sourceLocation: sourceLocation)
            let result = try grade(audio, extra)
            #expect(!result.succeeded, sourceLocation: sourceLocation)
            for phrase in ["nothing was recorded"] + saying {
                #expect(result.standardError.lowercased().contains(phrase.lowercased()), "\(result.standardError)", sourceLocation: sourceLocation)
            }
            #expect(progressBytes == before, "the progress file is untouched", sourceLocation: sourceLocation)
            return result
        }
    }

    static func write(_ samples: [Float], sampleRate: Int = 8000, to path: String) throws {
        try WAVWriter.write(samples, sampleRate: sampleRate, to: path)
    }

    static func read(_ path: String) throws -> [Float] {
        try AudioFileReader(path: path).readAll()[0]
    }

    /// A room whose echo fills the gaps (sox's reverb: another room than the decoder's own test
    /// rooms) is read right, from the key's steps or through the room undone (`RoomEqualizer`),
    /// where the sidetone keeps its phase from mark to mark. Where the key starts the sidetone's oscillator afresh at each mark, the steps
    /// cannot be read, and a room whose echo is 3 dB stronger makes the exercise read with many
    /// characters wrong, at a plausible speed and length. The echo was heard trailing the
    /// marks, so the poor match is not graded as the learner's; with less echo that keying is
    /// read right and graded.
    @Test func aPoorReadingInAnEchoingRoomIsNotGraded() throws {
        let learner = try Learner()
        let steady = learner.scratch.folder + "/steady.wav", steadyEchoing = learner.scratch.folder + "/steady-echoing.wav"
        try SendPracticeTests.recordKeying(learner.text, to: steady)
        #expect(try KochBinary.runTool("sox", [steady, steadyEchoing, "reverb", "90", "50", "100", "100", "0", "0"]) == 0)
        let steps = try KochBinary.run(["decode", steadyEchoing, "--json"])
        let stepsReport = try JSONSerialization.jsonObject(with: Data(steps.standardOutput.utf8)) as? [String: Any]
        #expect(
            stepsReport?["readFromKeySteps"] as? Bool == true || stepsReport?["roomEchoEqualized"] as? Bool == true,
            "--json says the keying was read past the echo: from the key's steps, or through the room undone")
        #expect(stepsReport?["text"] as? String == learner.text)

        let keying = learner.scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(learner.text, to: keying, restartsEachMark: true)
        let echoing = learner.scratch.folder + "/echoing.wav"
        #expect(try KochBinary.runTool("sox", [keying, echoing, "reverb", "90", "50", "100", "100", "0", "3"]) == 0)
        let decoded = try KochBinary.run(["decode", echoing, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(decoded.standardOutput.utf8)) as? [String: Any]
        #expect(report?["roomEchoHeard"] as? Bool == true, "--json says the echo was heard")
        #expect(report?["readFromKeySteps"] as? Bool == false)
        #expect((report?["implausible"] as? [String])?.isEmpty == true, "nothing else about the reading gives it away")
        try learner.expectRefused(echoing, saying: ["echo trailed the marks", "phone near the speaker"])

        let nearer = learner.scratch.folder + "/nearer.wav"
        #expect(try KochBinary.runTool("sox", [keying, nearer, "reverb", "90", "50", "100", "100", "0", "-3"]) == 0)
        let graded = try learner.grade(nearer)
        #expect(graded.succeeded, "\(graded.standardError)")
        #expect(graded.standardOutput.contains("Accuracy 100 %"), "\(graded.standardOutput)")
    }

    @Test func talkAloneIsNotGradedAndLeavesProgressUntouched() throws {
        let learner = try Learner()
        let talk = learner.scratch.folder + "/talk.wav"
        let spoken = try KochBinary.runTool(
            "espeak-ng",
            [
                "-w", talk, "Did you remember to buy the milk on the way home? The match starts at eight, so we should eat before then.",
            ])
        #expect(spoken == 0)
        try learner.expectRefused(talk, saying: ["talk or music"])

        let decoded = try KochBinary.run(["decode", talk, "--json"])
        #expect(decoded.succeeded)
        let report = try JSONSerialization.jsonObject(with: Data(decoded.standardOutput.utf8)) as? [String: Any]
        #expect((report?["text"] as? String) == "", "talk alone gives no characters")
        let candidates = report?["toneCandidates"] as? [[String: Any]] ?? []
        #expect(candidates.contains { $0["status"] as? String == "unsteady" }, "the voice's harmonics are listed as passed over: \(candidates)")
        // The pitch keyed most clearly is named, for a sidetone whose pitch a room's echo made waver.
        let clearest = try #require(candidates.first { $0["status"] as? String == "unsteady" }?["frequencyHz"] as? Double)
        let message = try #require(report?["nothingToDecode"] as? String)
        let named = message.components(separatedBy: "give it with --tone ").dropFirst().first.flatMap { Double($0.prefix { $0.isNumber }) }
        #expect(named.map { abs($0 - clearest) <= 1 } == true, "\(message)")
    }

    /// Someone talking as loud as the sidetone: the marks the voice makes are passed over,
    /// and the grade is refused because the voice may have bent the ones read.
    @Test func talkAtTheTonesLoudnessIsNotGradedAndLeavesProgressUntouched() throws {
        let learner = try Learner()
        let talk = learner.scratch.folder + "/talk.wav"
        let sentences = [
            "Did you remember to buy the milk on the way home this evening?",
            "The weather tomorrow looks cold, with some rain in the afternoon.",
            "And now the news. The council has agreed to repair the old bridge.",
            "Put the kettle on, would you, and there are biscuits in the tin.",
        ]
        #expect(try KochBinary.runTool("espeak-ng", ["-s", "160", "-w", talk, sentences.joined(separator: " ")]) == 0)
        let voice = try AudioFileReader(path: talk)
        let keyed = learner.scratch.folder + "/exercise.wav"
        try SendPracticeTests.recordKeying(learner.text, to: keyed, toneHz: 650, sampleRate: voice.sampleRate)
        let tone = try Self.read(keyed), speech = try voice.readAll()[0]
        func rms(_ x: [Float]) -> Double { (x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, x.count))).squareRoot() }
        // The voice at the tone's level while each sounds (its quiet stretches left out), repeated over the exercise.
        let voiced = speech.filter { abs($0) > 0.02 }
        let gain = Float(rms(tone.filter { abs($0) > 0.05 }) / max(rms(voiced), 1e-9))
        let mixed = learner.scratch.folder + "/talk-and-keying.wav"
        try Self.write(tone.indices.map { tone[$0] + gain * speech[$0 % speech.count] }, sampleRate: voice.sampleRate, to: mixed)

        try learner.expectRefused(mixed, saying: ["talk or music sounded through it"])

        let json = try KochBinary.run(["decode", mixed, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect((report?["offPitchMarks"] as? Int ?? 0) >= DoubtfulReading.fewestOffPitchMarks, "--json counts the marks passed over")
    }

    @Test func aCarrierIsNotGradedAndLeavesProgressUntouched() throws {
        let learner = try Learner()
        let carrier = learner.scratch.folder + "/carrier.wav"
        try Self.write((0..<(8000 * 20)).map { Float(0.4 * sin(2 * Double.pi * 650 * Double($0) / 8000)) }, to: carrier)
        try learner.expectRefused(carrier)
    }

    @Test func aWrongToneIsNotGradedAndNamesTheTonesHeard() throws {
        let learner = try Learner()
        let before = try #require(learner.progressBytes)
        let keyed = learner.scratch.folder + "/exercise.wav"
        try SendPracticeTests.recordKeying(learner.text, to: keyed, toneHz: 650)
        let result = try learner.expectRefused(keyed, ["--tone", "950"], saying: ["not a plausible reading"])
        #expect(
            result.standardError.contains("650 Hz") || result.standardError.contains("651 Hz") || result.standardError.contains("649 Hz"),
            "the tone really keyed is named: \(result.standardError)")

        let right = try learner.grade(keyed, ["--tone", "650"])
        #expect(right.succeeded, "\(right.standardError)")
        #expect(learner.progressBytes != before, "the right tone grades and records")
    }

    @Test func twoTonesKeyedAlikeAreANearTieThatIsNotGraded() throws {
        let learner = try Learner()
        let mine = learner.scratch.folder + "/mine.wav", other = learner.scratch.folder + "/other.wav"
        try SendPracticeTests.recordKeying(learner.text, to: mine, toneHz: 650, seed: 5)
        try SendPracticeTests.recordKeying(String(learner.text.reversed()), to: other, toneHz: 1000, seed: 6)
        let a = try Self.read(mine), b = try Self.read(other)
        let mixed = learner.scratch.folder + "/both.wav"
        try Self.write((0..<max(a.count, b.count)).map { 0.5 * ($0 < a.count ? a[$0] : 0) + 0.5 * ($0 < b.count ? b[$0] : 0) }, to: mixed)
        try learner.expectRefused(mixed, saying: ["two tones", "--tone"])

        let decoded = try KochBinary.run(["decode", mixed])
        #expect(
            decoded.standardError.contains("doubtful") && decoded.standardError.contains("were keyed about as clearly"),
            "koch decode says the choice of tone is doubtful: \(decoded.standardError)")
        let json = try KochBinary.run(["decode", mixed, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(
            ((report?["implausible"] as? [String]) ?? []).contains { $0.contains("two tones") }, "--json says why: \(json.standardOutput.prefix(400))"
        )
        let chosen = try learner.grade(mixed, ["--tone", "650"])
        #expect(chosen.succeeded, "with --tone the learner's own tone is graded: \(chosen.standardError)")
    }

    /// Another station keyed 8 dB louder than the learner's sidetone: the search takes the louder
    /// tone, whose reading is as long as the exercise and at a human speed, but matches it
    /// poorly. That is not graded as the learner's keying; with `--tone` their own is.
    @Test func aLouderStationIsNotGradedAsTheLearnersKeying() throws {
        let learner = try Learner()
        let before = try #require(learner.progressBytes)
        let mine = learner.scratch.folder + "/mine.wav", other = learner.scratch.folder + "/station.wav"
        try SendPracticeTests.recordKeying(learner.text, to: mine, toneHz: 650, seed: 5)
        try SendPracticeTests.recordKeying(String(learner.text.reversed()), to: other, speedWPM: 22, toneHz: 850, seed: 6)
        let a = try Self.read(mine), b = try Self.read(other)
        let louder = Float(pow(10, 8.0 / 20))
        // A room's quiet hiss, 20 dB under the learner's tone in 500 Hz.
        var random = SeededGenerator(seed: 8)
        func hiss() -> Float {
            let u = max(random.nextUnit(), 1e-12), v = random.nextUnit()
            return Float(0.025 * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v))
        }
        let mixed = learner.scratch.folder + "/beside-a-station.wav"
        try Self.write(
            (0..<max(a.count, b.count)).map { 0.25 * ($0 < a.count ? a[$0] : 0) + 0.25 * louder * ($0 < b.count ? b[$0] : 0) + hiss() },
            to: mixed)
        let json = try KochBinary.run(["decode", mixed, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(abs((report?["toneHz"] as? Double ?? 0) - 850) < 10, "the louder station is decoded: \(json.standardOutput.prefix(300))")
        #expect((report?["implausible"] as? [String])?.isEmpty == true, "nothing but the match gives it away: \(report?["implausible"] ?? "")")
        try learner.expectRefused(mixed, saying: ["another tone was keyed at 65", "--tone"])

        let chosen = try learner.grade(mixed, ["--tone", "650"])
        #expect(chosen.succeeded, "with --tone the learner's own tone is graded: \(chosen.standardError)")
        #expect(chosen.standardOutput.contains("Accuracy 100 %"), "\(chosen.standardOutput)")
        #expect(learner.progressBytes != before)
    }

    /// A 40 WPM recording sampled at 4 kHz (as real ones exist), and 40 WPM keying with no
    /// silence before the first mark (which once read as a steady carrier).
    @Test(arguments: [(4000, 0.6), (8000, 0.0)])
    func fastKeyingIsRead(sampleRate: Int, leadSeconds: Double) throws {
        let scratch = try GradingScratch()
        let text = "QUICK BROWN FOX JUMPS OVER THE LAZY DOG"
        let path = scratch.folder + "/fast.wav"
        try SendPracticeTests.recordKeying(
            text, to: path, speedWPM: 40, jitter: 0.03, toneHz: 600, sampleRate: sampleRate, leadSeconds: leadSeconds)
        let result = try KochBinary.run(["decode", path])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == text, "\(result.standardError)")
    }

    /// A practice oscillator drifting 100 Hz a minute is followed, decoded and graded (not taken
    /// for two tones), and `--json` says where the tone went.
    @Test func aDriftingToneIsFollowedAndGraded() throws {
        let learner = try Learner()
        let drifting = learner.scratch.folder + "/drifting.wav"
        try SendPracticeTests.recordKeying(learner.text, to: drifting, toneHz: 600, driftHzPerMinute: 100)
        let decoded = try KochBinary.run(["decode", drifting, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(decoded.standardOutput.utf8)) as? [String: Any]
        #expect((report?["text"] as? String) == learner.text, "\(decoded.standardError)")
        let track = report?["toneTrack"] as? [String: Double]
        let driftHz = 100 * (try AudioFileReader(path: drifting).durationSeconds) / 60
        #expect(
            (track?["highestHz"] ?? 0) - (track?["lowestHz"] ?? 0) > 0.8 * driftHz,
            "the track follows the \(driftHz) Hz drift: \(String(describing: track))")
        let graded = try learner.grade(drifting)
        #expect(graded.succeeded, "\(graded.standardError)")
    }
}
