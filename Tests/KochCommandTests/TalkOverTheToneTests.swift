import Foundation
import KochAudio
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// Someone talking over the keying: where the plain reading passed marks over as talk, the
/// recording is read again along the oscillator's own phase (`InPhaseReading`), which talk at
/// the tone's pitch arrives at only by chance.
@Suite struct TalkOverTheToneTests {
    static let sentences = [
        "Did you remember to buy the milk on the way home this evening?",
        "The weather tomorrow looks cold, with some rain in the afternoon.",
        "And now the news. The council has agreed to repair the old bridge.",
        "Put the kettle on, would you, and there are biscuits in the tin.",
        "Traffic on the ring road is heavy after an accident near the station.",
    ]

    /// `tone` (at `sampleRate`) with espeak-ng's voice over it, `levelDB` louder than the tone
    /// while each sounds (`activeRMS`, as `scripts/room_conditions.py` measures them). Spoken
    /// by the espeak-ng program, a process of its own: the library's voice comes out a little
    /// different at each call within one process.
    static func withTalk(_ tone: [Float], sampleRate: Int, levelDB: Double, in folder: String) throws -> [Float] {
        let spoken = folder + "/talk.wav"
        if !FileManager.default.fileExists(atPath: spoken) {
            #expect(try KochBinary.runTool("espeak-ng", ["-s", "160", "-w", spoken, sentences.joined(separator: " ")]) == 0)
        }
        let speech = try AudioFileReader(path: spoken)
        let voice = try SampleRateConverter(inputRateHz: speech.sampleRate, outputRateHz: sampleRate).convert(try speech.readAll()[0])
        let gain = Float(pow(10, levelDB / 20) * activeRMS(tone, sampleRate: sampleRate) / max(activeRMS(voice, sampleRate: sampleRate), 1e-9))
        return tone.indices.map { tone[$0] + gain * voice[$0 % voice.count] }
    }

    /// A sound's level while it sounds: the RMS of its 20 ms frames within 30 dB of the loudest.
    static func activeRMS(_ samples: [Float], sampleRate: Int) -> Double {
        let frame = sampleRate / 50
        let powers = stride(from: 0, to: samples.count - frame + 1, by: frame).map { start in
            samples[start..<(start + frame)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame)
        }
        let loud = powers.filter { $0 >= (powers.max() ?? 0) * 1e-3 }
        return (loud.reduce(0, +) / Double(max(1, loud.count))).squareRoot()
    }

    /// A lesson of 45 s at 20 WPM with its gaps stretched to 12 (`koch lesson`'s own tone: an
    /// oscillator that runs on between marks), and its text.
    static func lesson(seed: Int, in folder: String) throws -> (samples: [Float], sampleRate: Int, text: String) {
        let out = folder + "/lesson-\(seed)"
        let made = try KochBinary.run([
            "lesson", "--level", "26", "--seed", "\(seed)", "--minutes", "0.75", "--no-intro", "--wpm", "20", "--effective", "12",
            "--tone", "650", "--format", "wav", "--out", out, "--progress", folder + "/none.json",
        ])
        guard made.succeeded else { throw CommandFailed(result: made) }
        let files = try FileManager.default.contentsOfDirectory(atPath: out)
        let wav = try #require(files.first { $0.hasSuffix(".wav") }), key = try #require(files.first { $0.hasSuffix(".key.json") })
        let audio = try AudioFileReader(path: out + "/" + wav)
        return (try audio.readAll()[0], audio.sampleRate, try SendPracticeTests.sentText(out + "/" + key))
    }

    static func plainReading(_ samples: [Float], sampleRate: Int) throws -> DecodeResult {
        try DecodeSession.decode(channels: [samples], request: DecodeRequest(sampleRate: sampleRate, channelCount: 1), pass: .alone())
    }

    /// A voice talking on without a pause, as loud as the tone, over four lessons: the plain
    /// reading misread 15 % of the characters, and read along the tone's phase 4 %. Talk still
    /// casts its doubt: no such reading is graded.
    @Test func talkAtTheTonesLoudnessIsReadAlongTheTonesPhase() throws {
        let scratch = try GradingScratch(#function)
        var plainErrors = 0.0, errors = 0.0
        for seed in 1...4 {
            let (tone, sampleRate, text) = try Self.lesson(seed: seed, in: scratch.folder)
            let samples = try Self.withTalk(tone, sampleRate: sampleRate, levelDB: 0, in: scratch.folder)
            let plain = try Self.plainReading(samples, sampleRate: sampleRate)
            let result = try DecodeSession.decode(channels: [samples], sampleRate: sampleRate)
            #expect(result.readAlongTonePhase, "lesson \(seed): \(result.text)")
            #expect(result.isHardToRead, "a poor match to an exercise is not graded")
            #expect(!result.implausibilities().isEmpty, "the marks passed over as talk still cast their doubt")
            plainErrors += characterErrorRate(plain.text, text) / 4
            errors += characterErrorRate(result.text, text) / 4
        }
        #expect(errors < 0.5 * plainErrors, "\(errors) read along the phase, \(plainErrors) plain")
    }

    /// Talk 6 dB louder than the tone over the same lessons: read along the phase by the rules
    /// alone (a threshold on the in-phase amplitude) 14.9 % of the characters were misread; read
    /// from the evidence of every sample, where the voice shows in quadrature the timing decides
    /// (`InPhaseEvidence`), 6.0 %.
    @Test func talkLouderThanTheToneIsReadFromTheEvidenceAlongThePhase() throws {
        let scratch = try GradingScratch(#function)
        var errors = 0.0
        for seed in 1...4 {
            let (tone, sampleRate, text) = try Self.lesson(seed: seed, in: scratch.folder)
            let samples = try Self.withTalk(tone, sampleRate: sampleRate, levelDB: 6, in: scratch.folder)
            let result = try DecodeSession.decode(channels: [samples], sampleRate: sampleRate)
            #expect(result.readAlongTonePhase, "lesson \(seed): \(result.text)")
            #expect(!result.implausibilities().isEmpty, "the marks passed over as talk still cast their doubt")
            errors += characterErrorRate(result.text, text) / 4
        }
        #expect(errors < 0.09, "\(errors) of the characters misread")
    }

    /// Where the key starts the sidetone's oscillator afresh at each mark, its marks' phases do
    /// not agree, and nothing is read along them.
    @Test func aSidetoneStartedAfreshAtEachMarkHasNoPhaseToReadAlong() throws {
        let scratch = try GradingScratch(#function)
        let keyed = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(
            "GAHY TXXLF TKXNJ VLP DF TYGO PY ZV MPL HTEJL EXCD QFQG UJQWL", to: keyed, sampleRate: 16000, restartsEachMark: true)
        let samples = try Self.withTalk(try AudioFileReader(path: keyed).readAll()[0], sampleRate: 16000, levelDB: 0, in: scratch.folder)
        let plain = try Self.plainReading(samples, sampleRate: 16000)
        #expect(plain.output.offPitchMarks > 0, "talk was heard")
        let result = try DecodeSession.decode(channels: [samples], sampleRate: 16000)
        #expect(!result.readAlongTonePhase)
    }
}
