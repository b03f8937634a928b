import Foundation
import KochAudio
import KochCore
import Testing
@testable import KochDecoding

/// Spoken lessons (`koch lesson --speak`) through the built binary: the Morse
/// where the key says and nothing else there, speech where the key says, the
/// asked length, and practice scored by the learner.
@Suite struct SpokenLessonTests {
    struct Stretch {
        let text: String
        let startSeconds: Double
        let endSeconds: Double

        init(_ json: [String: Any]) throws {
            text = try #require(json["text"] as? String)
            startSeconds = try #require(json["startSeconds"] as? Double)
            endSeconds = try #require(json["endSeconds"] as? Double)
        }
    }

    struct MadeLesson {
        let folder: String
        let key: [String: Any]
        let keyPath: String
        let samples: [Float]
        let sent: [Stretch]
        let spoken: [Stretch]
    }

    static let sampleRate = 22050

    /// A spoken lesson of level 26 as WAV, with every stretch the key names.
    func makeLesson(_ extra: [String]) throws -> MadeLesson {
        let folder = try KochBinary.scratchFolder()
        let made = try KochBinary.run(
            [
                "lesson", "--level", "26", "--seed", "7", "--format", "wav", "--sample-rate", "\(Self.sampleRate)", "--out", folder,
                "--progress", folder + "/progress.json",
            ] + extra)
        #expect(made.succeeded, "\(made.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let keyPath = folder + "/" + (try #require(names.first { $0.hasSuffix(".key.json") }))
        let key = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: keyPath))) as? [String: Any])
        let wav = folder + "/" + (try #require(names.first { $0.hasSuffix(".wav") }))
        let samples = try AudioFileReader(path: wav).readAll()[0]
        let groups = try #require(key["groups"] as? [[String: Any]])
        let speech = try #require(key["speech"] as? [String: Any])
        var sent = try groups.map { try Stretch($0) }
        sent += try groups.compactMap { $0["sentAgain"] as? [String: Any] }.map(Stretch.init)
        sent += try (speech["introductionSent"] as? [[String: Any]] ?? []).map(Stretch.init)
        var spoken = try groups.map { try Stretch(try #require($0["spoken"] as? [String: Any])) }
        spoken += try (speech["introductionSpoken"] as? [[String: Any]] ?? []).map(Stretch.init)
        if let opening = speech["opening"] as? [String: Any] { spoken.append(try Stretch(opening)) }
        return MadeLesson(folder: folder, key: key, keyPath: keyPath, samples: samples, sent: sent, spoken: spoken)
    }

    func slice(_ samples: [Float], from start: Double, to end: Double) -> ArraySlice<Float> {
        let first = max(0, Int(start * Double(Self.sampleRate))), last = min(samples.count, Int(end * Double(Self.sampleRate)))
        return first < last ? samples[first..<last] : []
    }

    /// The fraction of a stretch's energy (its first 8192 samples) within `bandHz`, below 5 kHz.
    func energyFraction(_ samples: ArraySlice<Float>, bandHz: ClosedRange<Double>) -> Double {
        let fft = FFT<Double>(length: 8192)
        var real = samples.prefix(fft.length).map(Double.init)
        real += [Double](repeating: 0, count: fft.length - real.count)
        var imaginary = [Double](repeating: 0, count: fft.length)
        fft.transform(real: &real, imaginary: &imaginary)
        var total = 0.0, inBand = 0.0
        for bin in 1..<(fft.length / 2) {
            let hz = Double(bin) * Double(Self.sampleRate) / Double(fft.length)
            guard hz < 5000 else { break }
            let power = real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
            total += power
            if bandHz.contains(hz) { inBand += power }
        }
        return total > 0 ? inBand / total : 0
    }

    @Test func aSpokenLessonLastsItsMinutesAndEverythingSitsWhereTheKeySaysWithinTenMilliseconds() throws {
        let lesson = try makeLesson(["--speak", "after", "--spell", "phonetic"])
        #expect(lesson.key["durationSeconds"] as? Double == 300)
        #expect(abs(Double(lesson.samples.count) / Double(Self.sampleRate) - 300) < 0.001)
        let all = (lesson.sent + lesson.spoken).sorted { $0.startSeconds < $1.startSeconds }
        #expect(all.count > 40)
        var previousEnd = 0.0
        for stretch in all {
            #expect(stretch.startSeconds >= previousEnd, "\(stretch.text) at \(stretch.startSeconds) overlaps what comes before")
            // Sound starts within 10 ms of where the key says, after silence since the last stretch ended.
            let between = slice(lesson.samples, from: previousEnd + 0.01, to: stretch.startSeconds + 0.5)
            let onsetIndex = try #require(between.firstIndex { abs($0) > 1e-4 }, "nothing sounds for \(stretch.text)")
            let onsetSeconds = Double(onsetIndex) / Double(Self.sampleRate)
            #expect(abs(onsetSeconds - stretch.startSeconds) < 0.01, "\(stretch.text): key \(stretch.startSeconds) s, audio \(onsetSeconds) s")
            // ... and ends within 10 ms of its end.
            let after = slice(lesson.samples, from: stretch.endSeconds + 0.01, to: stretch.endSeconds + 0.3)
            #expect(after.allSatisfy { $0 == 0 }, "\(stretch.text) sounds on after \(stretch.endSeconds) s")
            previousEnd = stretch.endSeconds
        }
        #expect(slice(lesson.samples, from: previousEnd + 0.01, to: 300).allSatisfy { $0 == 0 })
        #expect(lesson.samples.allSatisfy { abs($0) < 0.9 }, "nothing clips")
    }

    /// A spoken QSO lasts its minutes and answers a line at a time; --heard counts its lines.
    @Test func aSpokenQSOLastsItsMinutesAndAnswersALineAtATime() throws {
        let folder = try KochBinary.scratchFolder()
        let made = try KochBinary.run(
            ["lesson", "--kind", "qso", "--seed", "4", "--minutes", "2", "--speak", "after", "--format", "wav", "--out", folder])
        #expect(made.succeeded, "\(made.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let wav = folder + "/" + (try #require(names.first { $0.hasSuffix(".wav") }))
        let reader = try AudioFileReader(path: wav)
        #expect(abs(Double(reader.frameCount) / Double(reader.sampleRate) - 120) < 0.001)
        let keyPath = folder + "/" + (try #require(names.first { $0.hasSuffix(".key.json") }))
        let key = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: keyPath))) as? [String: Any])
        let groups = try #require(key["groups"] as? [[String: Any]])
        let lastSpoken = try #require(groups.last?["spoken"] as? [String: Any])
        #expect(try #require(lastSpoken["endSeconds"] as? Double) <= 120)
        // The call "CQ CQ CQ DE ... K" is sent whole, then said once.
        let answered = groups.indices.filter { groups[$0]["spoken"] != nil }
        let firstAnswered = try #require(answered.first)
        #expect(groups.first?["text"] as? String == "CQ" && groups[firstAnswered]["text"] as? String == "K")
        #expect(answered.count > 1 && answered.count < groups.count / 3, "\(answered.count) answers for \(groups.count) groups")
        for index in answered {
            let said = try #require(groups[index]["spoken"] as? [String: Any])
            let end = try #require(groups[index]["endSeconds"] as? Double)
            #expect(try #require(said["startSeconds"] as? Double) > end)
            if index + 1 < groups.count {
                let next = try #require(groups[index + 1]["startSeconds"] as? Double)
                #expect(next > (said["endSeconds"] as? Double ?? 0))
            }
        }
        let sheet = try String(contentsOfFile: keyPath.replacingOccurrences(of: ".key.json", with: ".key.txt"), encoding: .utf8)
        #expect(sheet.contains("after each line"), "\(sheet)")
        #expect(sheet.contains("  1-\(firstAnswered + 1). CQ CQ CQ DE "), "\(sheet)")

        let progress = folder + "/progress.json"
        let tooMany = try KochBinary.run(["grade", "--key", keyPath, "--heard", "\(answered.count + 1)", "--progress", progress])
        #expect(!tooMany.succeeded && tooMany.standardError.contains("has only \(answered.count) items"), "\(tooMany.standardError)")
        let heard = try KochBinary.run(["grade", "--key", keyPath, "--heard", "\(answered.count)", "--progress", progress])
        #expect(heard.succeeded && heard.standardOutput.contains("\(answered.count) of \(answered.count) items right"), "\(heard.standardOutput)")
    }

    @Test func kochDecodeCopiesTheMorseStretchesOfTheKeyPerfectly() throws {
        let lesson = try makeLesson(["--speak", "repeat", "--spell", "letters"])
        let groups = try #require(lesson.key["groups"] as? [[String: Any]]).map { try Stretch($0) }
        // Only the first sending of each group, laid end to end with a second of silence between.
        var morse: [Float] = []
        for group in groups {
            morse += [Float](repeating: 0, count: Self.sampleRate)
            morse += slice(lesson.samples, from: group.startSeconds - 0.01, to: group.endSeconds + 0.01)
        }
        morse += [Float](repeating: 0, count: Self.sampleRate)
        let path = lesson.folder + "/morse-only.wav"
        try WAVWriter.write(morse, sampleRate: Self.sampleRate, to: path)
        let decoded = try KochBinary.run(["decode", path])
        #expect(decoded.succeeded, "\(decoded.standardError)")
        #expect(decoded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == groups.map(\.text).joined(separator: " "))
    }

    @Test func theSpeechStretchesHoldAVoiceAndNoTone() throws {
        let lesson = try makeLesson(["--speak", "before", "--spell", "phonetic", "--tone", "600"])
        for stretch in lesson.spoken.prefix(25) {
            let samples = slice(lesson.samples, from: stretch.startSeconds, to: stretch.endSeconds)
            let rms = (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
            #expect(rms > 0.05, "\"\(stretch.text)\" is nearly silent (RMS \(rms))")
            // A voice spreads its energy over formants; a keyed tone would put it all at 600 Hz.
            #expect(energyFraction(samples, bandHz: 590...610) < 0.1, "\"\(stretch.text)\" holds the tone")
            #expect(energyFraction(samples, bandHz: 80...4000) > 0.8, "\"\(stretch.text)\" is not in a voice's band")
            #expect(energyFraction(samples, bandHz: 1000...4000) > 0.02, "\"\(stretch.text)\" has no formants above 1 kHz")
        }
    }

    @Test func theKeyAndTheSheetMarkTheLessonAsSpokenAndOpenWithTheNewCharacter() throws {
        let lesson = try makeLesson(["--speak", "after", "--spell", "phonetic", "--minutes", "1"])
        let settings = try #require(lesson.key["settings"] as? [String: Any])
        let speech = try #require(settings["speech"] as? [String: Any])
        #expect(speech["placement"] as? String == "after")
        #expect(speech["spelling"] as? String == "phonetic")
        let opening = try #require((lesson.key["speech"] as? [String: Any])?["opening"] as? [String: Any])
        #expect(opening["text"] as? String == "Koch lesson, level 26. New character: X-ray.")
        #expect(lesson.spoken.filter { $0.text == "X-ray" }.count == 5)
        let sheet = try String(contentsOfFile: lesson.keyPath.replacingOccurrences(of: ".key.json", with: ".key.txt"), encoding: .utf8)
        #expect(sheet.contains("Spoken lesson: the answer is said after each group"))
        #expect(sheet.contains("said \"X-ray\""))
        let withoutIntroduction = try makeLesson(["--speak", "after", "--minutes", "1", "--no-intro"])
        #expect((withoutIntroduction.key["speech"] as? [String: Any])?["opening"] == nil)
        #expect(withoutIntroduction.key["introduction"] == nil)
    }

    @Test func aLessonWithoutSpeakKeepsItsKeyFreeOfSpeech() throws {
        let folder = try KochBinary.scratchFolder()
        try KochBinary.run(["lesson", "--level", "4", "--minutes", "1", "--seed", "3", "--format", "none", "--out", folder])
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".key.json") })
        let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        #expect(!text.contains("speech") && !text.contains("spoken"))
    }

    @Test func aSpokenMP3IsTaggedAsSpoken() throws {
        let folder = try KochBinary.scratchFolder()
        let made = try KochBinary.run(["lesson", "--level", "3", "--minutes", "1", "--seed", "9", "--speak", "after", "--out", folder])
        #expect(made.succeeded, "\(made.standardError)")
        let mp3 = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".mp3") })
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = ["-v", "error", "-show_entries", "format=duration:format_tags", "-of", "json", folder + "/" + mp3]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        let format = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["format"] as? [String: Any])
        let tags = try #require(format["tags"] as? [String: Any])
        #expect((tags["title"] as? String)?.hasPrefix("Koch level 3 spoken lesson 1 (KMR)") == true, "\(tags)")
        #expect((tags["comment"] as? String)?.contains("answers spoken after") == true, "\(tags)")
        #expect(abs((Double(format["duration"] as? String ?? "") ?? 0) - 60) < 0.2)
    }
}
