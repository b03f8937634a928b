import Foundation
import KochAudio
import Testing

/// A spoken lesson's answers sound as loud as its tone (ITU-R BS.1770, as
/// libebur128 measures it), or as much louder or quieter as `--speech-volume`
/// asks, and neither its WAV nor its MP3 clips.
@Suite struct SpokenLoudnessTests {
    static let sampleRate = 44_100

    struct Measured {
        let toneLUFS: Double
        let speechLUFS: Double
        let largestMP3Sample: Float
    }

    /// The lesson's sent and spoken stretches, each run end to end, measured by their loudness.
    func measure(level: Int, extra: [String]) throws -> Measured {
        let folder = try KochBinary.scratchFolder()
        let made = try KochBinary.run(
            [
                "lesson", "--level", "\(level)", "--seed", "3", "--minutes", "1", "--format", "both", "--sample-rate", "\(Self.sampleRate)",
                "--speak", "after", "--out", folder, "--progress", folder + "/progress.json",
            ] + extra)
        #expect(made.succeeded, "\(made.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let keyPath = folder + "/" + (try #require(names.first { $0.hasSuffix(".key.json") }))
        let key = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: keyPath))) as? [String: Any])
        let groups = try #require(key["groups"] as? [[String: Any]])
        let samples = try AudioFileReader(path: folder + "/" + (try #require(names.first { $0.hasSuffix(".wav") }))).readAll()[0]
        let mp3 = try AudioFileReader(path: folder + "/" + (try #require(names.first { $0.hasSuffix(".mp3") }))).readAll()[0]
        let sent = try groups.map { try stretch($0) }
        let spoken = try groups.map { try stretch(try #require($0["spoken"] as? [String: Any])) }
        return Measured(
            toneLUFS: try loudness(of: sent, in: samples), speechLUFS: try loudness(of: spoken, in: samples),
            largestMP3Sample: mp3.map(abs).max() ?? 0)
    }

    func stretch(_ json: [String: Any]) throws -> Range<Int> {
        let start = try #require(json["startSeconds"] as? Double), end = try #require(json["endSeconds"] as? Double)
        return Int(start * Double(Self.sampleRate))..<Int(end * Double(Self.sampleRate))
    }

    func loudness(of stretches: [Range<Int>], in samples: [Float]) throws -> Double {
        let meter = try LoudnessMeter(sampleRateHz: Self.sampleRate)
        for range in stretches { meter.add(Array(samples[range.clamped(to: samples.indices)])) }
        return try #require(meter.integratedLUFS)
    }

    @Test(arguments: [2, 26])
    func theAnswersSoundAsLoudAsTheToneWithinOneLU(level: Int) throws {
        let lesson = try measure(level: level, extra: ["--spell", "phonetic"])
        #expect(abs(lesson.speechLUFS - lesson.toneLUFS) <= 1, "tone \(lesson.toneLUFS) LUFS, speech \(lesson.speechLUFS) LUFS")
        #expect(lesson.largestMP3Sample < 1, "the MP3 reaches \(lesson.largestMP3Sample)")
    }

    @Test func speechVolumeMovesTheAnswersAgainstTheTone() throws {
        let quieter = try measure(level: 5, extra: ["--speech-volume=-6"])
        #expect(abs(quieter.speechLUFS - quieter.toneLUFS - -6) <= 1, "tone \(quieter.toneLUFS) LUFS, speech \(quieter.speechLUFS) LUFS")
        let louder = try measure(level: 5, extra: ["--speech-volume", "3"])
        #expect(abs(louder.speechLUFS - louder.toneLUFS - 3) <= 1, "tone \(louder.toneLUFS) LUFS, speech \(louder.speechLUFS) LUFS")
        #expect(louder.largestMP3Sample < 1, "the MP3 reaches \(louder.largestMP3Sample)")
    }

    @Test func speechVolumeOutsideItsRangeOrWithoutSpeechIsRefused() throws {
        let folder = try KochBinary.scratchFolder()
        let tooLoud = try KochBinary.run(["lesson", "--speak", "after", "--speech-volume", "15", "--out", folder])
        #expect(!tooLoud.succeeded)
        #expect(tooLoud.standardError.contains("--speech-volume must be -20 to 10 dB, not 15"))
        let unspoken = try KochBinary.run(["lesson", "--speech-volume=-3", "--out", folder])
        #expect(!unspoken.succeeded)
        #expect(unspoken.standardError.contains("--speech-volume is for spoken answers"))
    }
}
