import KochAudio
import KochCore
import KochSound
import Testing

@testable import KochLessons

@Suite struct SpokenRenderingTests {
    @Test func eachWordOfARenderedTextIsSentAndThenSaid() throws {
        let answers = try SpokenAnswers(
            settings: SpeechSettings(), tone: ToneSynthesizer(frequencyHz: 600, sampleRate: 44_100, peakAmplitude: 0.5),
            timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12))
        let text = try MorseText(parsing: "CQ DE K1ABC")
        let rendering = try SpokenRendering(
            text: text, timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 15), speech: SpeechSettings(), answers: answers)
        #expect(rendering.plan.speeches.count == text.words.count)
        #expect(rendering.timeline.durationSeconds > 0)
    }

    @Test func anMP3OfARenderedTextKeepsTheVoicesBand() throws {
        let answers = try SpokenAnswers(
            settings: SpeechSettings(), tone: ToneSynthesizer(frequencyHz: 600, sampleRate: 44_100, peakAmplitude: 0.5),
            timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12))
        let encoder = try MP3Encoder(sampleRate: 44_100, bitrateKbps: 64)
        let kept = answers.keepingTheVoice(encoder)
        #expect(kept.lowpassHz == encoder.keepingBelow(answers.highestFrequencyHz).lowpassHz)
        #expect(answers.highestFrequencyHz * 2 >= 44_100 || kept.lowpassHz == answers.highestFrequencyHz)
    }
}
