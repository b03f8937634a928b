import Foundation
import KochAudio
import Testing

@Suite struct LoudnessMeterTests {
    static func sine(frequencyHz: Double, amplitude: Double, seconds: Double, sampleRateHz: Int = 48_000) -> [Float] {
        (0..<Int(seconds * Double(sampleRateHz))).map { n in
            Float(amplitude * sin(2 * Double.pi * frequencyHz * Double(n) / Double(sampleRateHz)))
        }
    }

    /// EBU Tech 3341: a 1 kHz sine of −20 dBFS in each of two channels reads −20 LUFS; in one, 3 LU less.
    @Test func aOneKilohertzSineReadsAsTheStandardSays() throws {
        let loudness = try #require(
            try LoudnessMeter.integratedLUFS(of: Self.sine(frequencyHz: 997, amplitude: 0.1, seconds: 10), sampleRateHz: 48_000))
        #expect(abs(loudness - -23.0) < 0.2)
    }

    /// Silence between sounds is gated out: a tone with long pauses reads as the tone.
    @Test func silenceIsGatedOut() throws {
        let tone = Self.sine(frequencyHz: 600, amplitude: 0.3, seconds: 4)
        let meter = try LoudnessMeter(sampleRateHz: 48_000)
        meter.add(tone)
        meter.add([Float](repeating: 0, count: 48_000 * 8))
        meter.add(tone)
        let gapped = try #require(meter.integratedLUFS)
        let alone = try #require(try LoudnessMeter.integratedLUFS(of: tone, sampleRateHz: 48_000))
        #expect(abs(gapped - alone) < 0.2)
    }

    @Test func aClipShorterThanABlockIsMeasuredByItsContent() throws {
        let short = Self.sine(frequencyHz: 600, amplitude: 0.3, seconds: 0.2)
        let long = Self.sine(frequencyHz: 600, amplitude: 0.3, seconds: 4)
        let shortLoudness = try #require(try LoudnessMeter.integratedLUFS(of: short, sampleRateHz: 48_000))
        let longLoudness = try #require(try LoudnessMeter.integratedLUFS(of: long, sampleRateHz: 48_000))
        #expect(abs(shortLoudness - longLoudness) < 0.3)
        #expect(try LoudnessMeter.integratedLUFS(of: [Float](repeating: 0, count: 48_000), sampleRateHz: 48_000) == nil)
    }
}
