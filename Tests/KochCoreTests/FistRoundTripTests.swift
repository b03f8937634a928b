import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// Keying synthesized as audio, decoded, and reported on: the fist report
/// sees what the decoder measured, so its figures must survive the trip.
@Suite struct FistRoundTripTests {
    static let text = FistSignals.groups(25, seed: 5)

    static func report(dahRatio: Double, jitter: Double, seed: UInt64 = 2) throws -> FistReport? {
        let keying = DecodingSignals.keying(text, startWPM: 18, dahRatio: dahRatio, jitter: jitter, seed: seed)
        let samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 650, sampleRate: 8000)
        let result = try DecodeSession.decode(channels: [samples], sampleRate: 8000)
        let copy = KeyedCopy(key: FistSignals.key(text), characters: result.output.characters)
        return FistReport(output: result.output, copy: copy, exercise: Timing(characterSpeedWPM: 18))
    }

    @Test func shortDahsInARecordingGetTheDahAdvice() throws {
        let report = try #require(try Self.report(dahRatio: 2.2, jitter: 0.05))
        #expect(report.advice.first?.kind == .shortDahs)
        #expect(abs((report.dahToDitRatio ?? 0) - 2.2) < 0.25)
    }

    @Test func anEvenRecordingGetsNoScolding() throws {
        let report = try #require(try Self.report(dahRatio: 3, jitter: 0.05))
        #expect(report.advice.isEmpty, "\(report.advice.map(\.sentence))")
        #expect(abs(report.speedWPM - 18) < 1.5)
        let dits = try #require(report.dits.variationPercent)
        #expect(dits < 12)
    }
}
