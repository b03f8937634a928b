import Foundation
import KochAudio
import KochCore
import KochIO
import KochTestSupport
import Testing

/// Send practice through the built binary: an exercise written, a recording
/// of it keyed with human jitter, graded into the send level with a fist report.
@Suite struct SendPracticeTests {
    static let sampleRate = 8000

    /// A recording of `text` keyed at `speedWPM` with standard spacing,
    /// every mark and gap scaled by 1 + jitter·N(0,1), as a WAV at 8 kHz;
    /// `pausesBeforeWordSeconds`: silences added before words (from 0). A chirping
    /// oscillator's pitch starts `chirpHz` high at every key-down and settles exponentially
    /// within `chirpSettleSeconds` (its time constant); it runs on while the key is up, so the
    /// phase each chirp gained stays. `noiseSNRDB` adds white noise that far under the tone in 500 Hz.
    static func recordKeying(
        _ text: String, to path: String, speedWPM: Double = 20, dahDits: Double = 3,
        jitter: Double = 0.08, toneHz: Double = 650, seed: UInt64 = 4,
        sampleRate: Int = SendPracticeTests.sampleRate, leadSeconds: Double = 0.6,
        driftHzPerMinute: Double = 0, restartsEachMark: Bool = false, pausesBeforeWordSeconds: [Int: Double] = [:],
        chirpHz: Double = 0, chirpSettleSeconds: Double = 0.015, noiseSNRDB: Double? = nil
    ) throws {
        var random = SeededGenerator(seed: seed)
        func scaled(_ dits: Double) -> Double {
            let u = max(random.nextUnit(), 1e-12), v = random.nextUnit()
            let gaussian = (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
            return dits * Timing.unitSeconds(wpm: speedWPM) * max(0.3, 1 + jitter * gaussian)
        }
        var marks: [(start: Double, end: Double)] = []
        var time = leadSeconds
        for (wordIndex, word) in text.split(separator: " ").enumerated() {
            if wordIndex > 0 { time += scaled(7) + (pausesBeforeWordSeconds[wordIndex] ?? 0) }
            for (letterIndex, letter) in word.enumerated() {
                if letterIndex > 0 { time += scaled(3) }
                for (index, element) in (MorseAlphabet.symbol(for: letter)?.elements ?? []).enumerated() {
                    if index > 0 { time += scaled(1) }
                    let length = scaled(element == .dit ? 1 : dahDits)
                    marks.append((time, time + length))
                    time += length
                }
            }
        }
        var samples = [Float](repeating: 0, count: Int((time + 0.6) * Double(sampleRate)))
        let rise = 0.005
        func chirpRadians(after seconds: Double) -> Double {
            2 * Double.pi * chirpHz * chirpSettleSeconds * (1 - exp(-max(0, seconds) / chirpSettleSeconds))
        }
        var chirpedBefore = 0.0
        for mark in marks {
            let first = Int((mark.start - rise) * Double(sampleRate)), last = Int((mark.end + rise) * Double(sampleRate))
            for n in max(0, first)..<min(samples.count, last) {
                let t = Double(n) / Double(sampleRate)
                // A sidetone whose oscillator the key starts begins each mark at phase 0.
                let phaseTime = restartsEachMark ? t - mark.start : t
                let edge = min(1, max(0, (t - mark.start + rise / 2) / rise), max(0, (mark.end + rise / 2 - t) / rise))
                let chirp = chirpedBefore + chirpRadians(after: t - mark.start + rise / 2)
                samples[n] = Float(
                    0.5 * (0.5 - 0.5 * cos(Double.pi * edge))
                        * sin(2 * Double.pi * (toneHz * phaseTime + driftHzPerMinute * t * t / 120) + chirp))
            }
            chirpedBefore += chirpRadians(after: mark.end - mark.start + rise)
        }
        if let noiseSNRDB {
            DecodingSignals.addWhiteNoise(&samples, snrDB: noiseSNRDB, sampleRate: sampleRate, seed: seed + 100)
        }
        try WAVWriter.write(samples, sampleRate: sampleRate, to: path)
    }

    static func sentText(_ keyPath: String) throws -> String {
        try AnswerKeyFile.read(keyPath).groups.map(\.text).joined(separator: " ")
    }

    func gradeAudio(_ scratch: GradingScratch, key: String, audio: String, extra: [String] = []) throws -> KochBinary.Result {
        try KochBinary.run(
            ["grade", "--key", key, "--audio", audio, "--progress", scratch.progressPath, "--date", "2026-11-21T19:30"] + extra,
            environment: ["TZ": "UTC"])
    }

    @Test func sendExerciseIsWrittenWithItsSheetAndKeyAndNoAudio() throws {
        let scratch = try GradingScratch()
        let out = scratch.folder + "/send"
        let result = try KochBinary.run([
            "lesson", "--direction", "send", "--level", "2", "--minutes", "0.5", "--seed", "9", "--out", out,
            "--progress", scratch.progressPath,
        ])
        #expect(result.succeeded, "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files.count == 2, "\(files)")
        let keyName = try #require(files.first { $0.hasSuffix(".key.json") })
        let sheetName = try #require(files.first { $0.hasSuffix(".sheet.txt") })
        #expect(keyName.hasPrefix("koch-send-level02-01-"))
        let key = try AnswerKeyFile.read(out + "/" + keyName)
        #expect(key.direction == .send)
        #expect(key.lessonID.hasPrefix("S02-"))
        let sheet = try String(contentsOfFile: out + "/" + sheetName, encoding: .utf8)
        #expect(sheet.contains("Leave a clear gap between groups"))
        #expect(sheet.contains("characters at 20 WPM"))
        #expect(sheet.contains("1. \(key.groups[0].text)"))
        #expect(sheet.contains("\(key.groups.count). \(key.groups[key.groups.count - 1].text)"))
        #expect(!sheet.contains("0:0"), "a send sheet has no times")
        #expect(sheet.contains("koch grade --key \(out)/\(keyName) --audio"))
        #expect(FileManager.default.contents(atPath: scratch.progressPath) == nil)
    }

    @Test func explicitFormatWritesAReferenceRecording() throws {
        let scratch = try GradingScratch()
        let out = scratch.folder + "/send"
        let result = try KochBinary.run([
            "lesson", "--direction", "send", "--level", "2", "--minutes", "0.5", "--seed", "9", "--out", out,
            "--progress", scratch.progressPath, "--format", "wav", "--sample-rate", "8000",
        ])
        #expect(result.succeeded, "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(files.contains { $0.hasSuffix(".wav") })
        #expect(files.contains { $0.hasSuffix(".sheet.txt") })
    }

    @Test func perfectKeyingAtLevelTwoMovesTheSendLevelWithAFistReport() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 3, minutes: 0.5, direction: .send)
        let audio = scratch.folder + "/keying.wav"
        // A good hand: 5 % jitter, under the 10 % that is even.
        try Self.recordKeying(Self.sentText(key), to: audio, jitter: 0.05)

        let text = try gradeAudio(scratch, key: key, audio: audio, extra: ["--dry-run"])
        #expect(text.succeeded, "\(text.standardError)")
        #expect(text.standardOutput.contains("Accuracy 100 %"))
        #expect(text.standardOutput.contains("Every character sent was keyed right."))
        #expect(text.standardOutput.contains("Your fist:"))
        #expect(text.standardOutput.contains("WPM characters"))
        #expect(text.standardOutput.contains("dits long (standard 3)"))
        #expect(text.standardOutput.contains("between characters"))
        #expect(text.standardOutput.contains("dits vary by"))

        let result = try gradeAudio(scratch, key: key, audio: audio, extra: ["--json"])
        #expect(result.succeeded, "\(result.standardError)")
        let report = try jsonObject(result.standardOutput)
        #expect(report["direction"] as? String == "send")
        #expect(report["accuracy"] as? Double == 1)
        let level = try #require(report["level"] as? [String: Any])
        #expect(level["before"] as? Int == 2)
        #expect(level["after"] as? Int == 3)
        let fist = try #require(report["fist"] as? [String: Any])
        let speed = try #require(fist["speedWPM"] as? Double)
        #expect(abs(speed - 20) < 2)
        let ratio = try #require(fist["dahToDitRatio"] as? Double)
        #expect(abs(ratio - 3) < 0.35)
        let dits = try #require(fist["dits"] as? [String: Any])
        let variation = try #require(dits["variationPercent"] as? Double)
        #expect(variation > 2 && variation < 10, "5 % jitter keyed in; measured \(variation) %")
        #expect((fist["advice"] as? [Any])?.isEmpty == true, "\(fist)")
        #expect((report["recording"] as? [String: Any])?["decodedText"] as? String == (try Self.sentText(key)))

        let status = try scratch.statusJSON(date: "2026-11-21")
        #expect((status["send"] as? [String: Any])?["level"] as? Int == 3)
        #expect((status["receive"] as? [String: Any])?["level"] as? Int == 2)

        let before = scratch.progressBytes()
        let again = try gradeAudio(scratch, key: key, audio: audio)
        #expect(!again.succeeded)
        #expect(again.standardError.contains("already graded"))
        #expect(scratch.progressBytes() == before)
    }

    @Test func shortDahsAreToldInTheReport() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 5, minutes: 0.5, direction: .send)
        let audio = scratch.folder + "/keying.wav"
        try Self.recordKeying(Self.sentText(key), to: audio, dahDits: 2.2, jitter: 0.04)
        let result = try gradeAudio(scratch, key: key, audio: audio, extra: ["--dry-run"])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardOutput.contains("Your dahs are short:"), "\(result.standardOutput)")
    }

    /// "Nothing to fix" only beside printed variations of 10 % or less and no ambiguous place; a
    /// printed variation over 10 % is told, and so is any ambiguous place.
    @Test(arguments: [0.0, 0.09, 0.14])
    func nothingToFixIsSaidOnlyWhenEveryPrintedFigureIsEvenAndNothingIsAmbiguous(jitter: Double) throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 3, minutes: 0.5, direction: .send)
        let audio = scratch.folder + "/keying.wav"
        try Self.recordKeying(Self.sentText(key), to: audio, jitter: jitter, seed: 9)
        let result = try gradeAudio(scratch, key: key, audio: audio, extra: ["--dry-run"])
        #expect(result.succeeded, "\(result.standardError)")
        let output = result.standardOutput
        let evenness = try #require(output.split(separator: "\n").first { $0.hasPrefix("  Evenness") }.map(String.init))
        let percents = evenness.matches(of: /(\d+) %/).compactMap { Int($0.1) }
        #expect(!percents.isEmpty, "\(evenness)")
        let even = percents.allSatisfy { $0 <= 10 }
        let unambiguous = output.contains("  Ambiguous none")
        if output.contains("Nothing to fix") { #expect(even && unambiguous, "\(output)") }
        #expect(output.contains("Keep your rhythm even") == !even, "\(output)")
        #expect(output.contains("marks and gaps could be read two ways") == !unambiguous, "\(output)")
        if jitter == 0 { #expect(output.contains("Nothing to fix"), "\(output)") }
        if jitter == 0.14 { #expect(!even, "14 % jitter keyed in: \(evenness)") }
    }

    @Test func slowUnevenKeyingIsAdvisedOnEveryFigureOutsideItsTolerance() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 3, minutes: 1, direction: .send)
        let audio = scratch.folder + "/keying.wav"
        try Self.recordKeying(Self.sentText(key), to: audio, speedWPM: 15, jitter: 0.17)
        let text = try gradeAudio(scratch, key: key, audio: audio, extra: ["--dry-run"])
        #expect(text.succeeded, "\(text.standardError)")
        #expect(!text.standardOutput.contains("Nothing to fix"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("the exercise asks for 20. Speed up"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("Keep your rhythm even: your dits vary by"), "\(text.standardOutput)")

        let report = try jsonObject(try gradeAudio(scratch, key: key, audio: audio, extra: ["--dry-run", "--json"]).standardOutput)
        let fist = try #require(report["fist"] as? [String: Any])
        let kinds = Set(try #require(fist["advice"] as? [[String: Any]]).compactMap { $0["kind"] as? String })
        let speed = try #require(fist["speedWPM"] as? Double)
        #expect(((speed * 10).rounded() / 10 < 20 / 1.15) == kinds.contains("slow"), "\(speed) WPM: \(kinds)")
        let variations = ["dits", "dahs", "characterGaps"].compactMap { (fist[$0] as? [String: Any])?["variationPercent"] as? Double }
        #expect(variations.contains { $0.rounded() > 10 } == kinds.contains("unevenTiming"), "\(variations): \(kinds)")
        let ambiguous = try #require(fist["ambiguous"] as? [Any]).count
        #expect((ambiguous > 0) == kinds.contains("ambiguousTiming"), "\(ambiguous): \(kinds)")
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func anUnevenLevelTwoKeyingIsStillRead(seed: UInt64) throws {
        // K and M are mostly dahs: with 20 % jitter the decoder alone may settle on a
        // third of the speed; the exercise's speed is its second opinion.
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 6, minutes: 0.5, direction: .send)
        let audio = scratch.folder + "/keying.wav"
        try Self.recordKeying(Self.sentText(key), to: audio, speedWPM: 18, jitter: 0.2, seed: seed)
        let result = try gradeAudio(scratch, key: key, audio: audio, extra: ["--dry-run", "--json"])
        #expect(result.succeeded, "\(result.standardError)")
        let report = try jsonObject(result.standardOutput)
        let accuracy = try #require(report["accuracy"] as? Double)
        #expect(accuracy >= 0.85, "\(report["recording"] ?? "")")
    }

    @Test func aDamagedM4ANamesTheFileAndLeavesProgressUntouched() throws {
        let scratch = try GradingScratch()
        let earlier = try scratch.lesson(level: 2, seed: 1, minutes: 0.5, direction: .send)
        #expect(try scratch.grade(earlier, copy: scratch.perfectCopy(of: earlier), date: "2026-11-20T19:00").succeeded)
        let before = try #require(scratch.progressBytes())

        let key = try scratch.lesson(level: 2, seed: 2, minutes: 0.5, direction: .send)
        let audio = scratch.folder + "/keying.m4a"
        var bytes = Data([0, 0, 0, 0x20]) + Data("ftypM4A isomiso2".utf8)
        bytes += Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        try bytes.write(to: URL(fileURLWithPath: audio))
        let result = try gradeAudio(scratch, key: key, audio: audio)
        #expect(!result.succeeded)
        #expect(result.standardError.contains("Cannot read \(audio)"), "\(result.standardError)")
        #expect(result.standardError.contains("M4A (AAC)"), "\(result.standardError)")
        #expect(scratch.progressBytes() == before)
    }

    @Test func silenceHasNothingToDecodeAndRecordsNothing() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 2, minutes: 0.5, direction: .send)
        let audio = scratch.folder + "/silence.wav"
        try WAVWriter.write([Float](repeating: 0, count: 3 * Self.sampleRate), sampleRate: Self.sampleRate, to: audio)
        let result = try gradeAudio(scratch, key: key, audio: audio)
        #expect(!result.succeeded)
        #expect(result.standardError.contains("silent: nothing to decode"))
        #expect(result.standardError.contains("nothing was recorded"))
        #expect(result.standardError.contains("silence.wav"))
        #expect(scratch.progressBytes() == nil)
    }

    @Test func missingRecordingIsNamed() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 2, minutes: 0.5, direction: .send)
        let result = try gradeAudio(scratch, key: key, audio: scratch.folder + "/nowhere.wav")
        #expect(!result.succeeded)
        #expect(result.standardError.contains("nowhere.wav: there is no recording here"))
        #expect(scratch.progressBytes() == nil)
    }

    @Test func receiveKeyWithARecordingIsRefused() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 2, minutes: 0.5, direction: .receive)
        let audio = scratch.folder + "/keying.wav"
        try Self.recordKeying("KM", to: audio)
        let result = try gradeAudio(scratch, key: key, audio: audio)
        #expect(!result.succeeded)
        #expect(result.standardError.contains("receive lesson"))
        #expect(result.standardError.contains("--transcript"))
        #expect(scratch.progressBytes() == nil)
    }

    @Test func audioAndTranscriptTogetherAreRefused() throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 2, seed: 2, minutes: 0.5, direction: .send)
        let result = try KochBinary.run([
            "grade", "--key", key, "--audio", "a.wav", "--transcript", "copy.txt", "--progress", scratch.progressPath,
        ])
        #expect(!result.succeeded)
        #expect(result.standardError.contains("Give one of --audio"), "\(result.standardError)")
    }
}
