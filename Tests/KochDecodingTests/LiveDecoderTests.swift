import Foundation
import KochCore
import KochTestSupport
import Testing

@testable import KochDecoding

/// The live decoder over keyed recordings fed as a sound card gives them: every character
/// shown, the text keyed, each shown within a word gap (7 dits) of its last mark's end.
@Suite struct LiveDecoderTests {
    static let sampleRate = 8000
    static let text = "KMRS UAPT LOW 5Q ZGN CF YJV"

    /// `text` keyed at `speedWPM` with a hand's jitter, at `toneHz`, under light noise (20 dB
    /// in 500 Hz); `leadTone`: a tuning tone that long first, then a second of silence.
    static func recording(
        _ text: String = text, speedWPM: Double, toneHz: Double, seed: UInt64 = 3, leadTone: Double = 0
    ) -> [Float] {
        let lead = leadTone > 0 ? leadTone + 1.5 : 0.7
        var (intervals, end) = DecodingSignals.keying(text, startWPM: speedWPM, jitter: 0.05, seed: seed, leadSeconds: lead)
        if leadTone > 0 { intervals.insert((0.5, 0.5 + leadTone), at: 0) }
        end += 0.5
        var samples = DecodingSignals.tone(intervals, durationSeconds: end, frequencyHz: toneHz, sampleRate: sampleRate)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 20, sampleRate: sampleRate, seed: seed + 10)
        return samples
    }

    /// Feeds `samples` in blocks of `blockSamples`; the characters shown, with `finish()`'s.
    static func shown(_ samples: [Float], blockSamples: Int, toneHz: Double?, speedWPM: Double?) throws -> [LiveCharacter] {
        var decoder = try LiveDecoder(sampleRateHz: sampleRate, toneHz: toneHz, speedWPM: speedWPM)
        var characters: [LiveCharacter] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + blockSamples)
            characters += samples[start..<end].withUnsafeBufferPointer { decoder.process($0) }
            start = end
        }
        return characters + decoder.finish()
    }

    static func text(of characters: [LiveCharacter]) -> String {
        characters.map { ($0.wordSpaceBefore ? " " : "") + ($0.text ?? "*") }.joined()
    }

    @Test(arguments: [(15.0, 600.0), (20.0, 700.0), (25.0, 800.0)])
    func showsEveryCharacterWithinAWordGap(speedWPM: Double, toneHz: Double) throws {
        let samples = Self.recording(speedWPM: speedWPM, toneHz: toneHz)
        let shown = try Self.shown(samples, blockSamples: Self.sampleRate / 50, toneHz: toneHz, speedWPM: speedWPM)
        let batch = try DecodeSession.decode(channels: [samples], sampleRate: Self.sampleRate, toneHz: toneHz, speedWPM: speedWPM)
        print(speedWPM, Self.text(of: shown), "|", batch.output.text)
        let unit = 1.2 / speedWPM
        print(shown.map { (($0.shownAtSeconds - $0.endSeconds) / unit * 10).rounded() / 10 })
        #expect(Self.text(of: shown) == Self.text)
    }
}
