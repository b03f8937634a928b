import KochCore
import KochTestSupport
import Testing

@testable import KochDecoding

@Suite struct DecodeWarningTests {
    @Test func aSilentRecordingWarnsOnlyThatThereIsNothingToDecode() throws {
        let result = try DecodeSession.decode(channels: [[Float](repeating: 0, count: 16000)], sampleRate: 8000)
        #expect(result.doubts.isEmpty)
        #expect(result.warnings == [.nothingToDecode(.silence)])
        #expect(result.warnings.first?.message(in: "a.wav") == "a.wav: " + NothingToDecodeReason.silence.description)
    }

    @Test func aCleanLessonGivesNoWarning() throws {
        let keying = DecodingSignals.keying("CQ CQ DE K1ABC K1ABC PSE K", startWPM: 20, effectiveWPM: 15)
        let tone = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 600, sampleRate: 8000)
        let result = try DecodeSession.decode(channels: [tone], sampleRate: 8000)
        #expect(result.warnings.isEmpty)
    }

    @Test func aDoubtfulDecodeNamesTheOtherTonesWorthTrying() {
        let warning = DecodeWarning.doubtful([.dahDitRatioOutOfRange(1.2)], otherTonesHeardHz: [])
        #expect(warning.message(in: "a.wav").hasPrefix("a.wav: this decode is doubtful: "))
        #expect(!warning.message(in: "a.wav").contains("Other tones heard"))
        let withOthers = DecodeWarning.doubtful([.dahDitRatioOutOfRange(1.2)], otherTonesHeardHz: [700])
        #expect(withOthers.message(in: "a.wav").hasSuffix(" (--tone)."))
    }
}
