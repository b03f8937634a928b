import Foundation
import KochCore
import Testing

@testable import KochSound

@Suite struct MixedSoundTests {
    static let loudNoise = BandConditions(qrn: QRN(snrDB: -6, cracklePerSecond: 4))
    static let everything = BandConditions(
        qrn: QRN(snrDB: 3, cracklePerSecond: 2), qsb: QSB(depthDB: 20, rateHz: 0.3),
        qrm: [QRMStation(offsetHz: 300, levelDB: -3, speedWPM: 25), QRMStation(offsetHz: -150, levelDB: 0, speedWPM: 15)])

    /// The whole sound made at once, as lessons were made before they were made a block at a time.
    func whole(_ timeline: Timeline, _ synthesizer: ToneSynthesizer, _ conditions: BandConditions, seed: UInt64) -> [Float] {
        var samples = synthesizer.render(timeline)
        conditions.apply(
            to: &samples, sampleRate: synthesizer.sampleRate, toneHz: synthesizer.frequencyHz, seed: seed,
            signalPeakAmplitude: synthesizer.peakAmplitude)
        return samples
    }

    @Test(arguments: [BandConditions.clear, .quiet, .poor, .contest, loudNoise, everything])
    func everyStretchIsSampleForSampleWhatTheWholeWouldBe(conditions: BandConditions) {
        let text = MorseText(words: Array(repeating: "KMRSU".compactMap { MorseAlphabet.symbol(for: $0) }, count: 40))
        let timeline = Timeline(text: text, timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12))
        let synthesizer = ToneSynthesizer(frequencyHz: 650, sampleRate: 8000)
        let expected = whole(timeline, synthesizer, conditions, seed: 21)
        // Two blocks kept from the pass that finds the peak, the others made again.
        let sound = MixedSound(
            timeline: timeline, synthesizer: synthesizer, conditions: conditions, seed: 21, keptSamples: 2 * MixedSound.blockSamples)
        #expect(sound.sampleCount == expected.count)
        #expect(sound.sampleCount > 4 * MixedSound.blockSamples)
        #expect(sound.samples() == expected)
        let block = MixedSound.blockSamples
        let stretches = [0..<1, 5..<block + 7, block - 1152..<3 * block + 1, 3 * block..<4 * block, expected.count - 100..<expected.count]
        for stretch in stretches {
            var buffer = [Float](repeating: .nan, count: stretch.count)
            buffer.withUnsafeMutableBufferPointer { sound.render(stretch, into: $0) }
            #expect(buffer == Array(expected[stretch]), "samples \(stretch)")
        }
    }

    @Test func aMixThatWouldClipIsScaledToMinusOneDecibel() {
        let text = MorseText(words: Array(repeating: "PARIS".compactMap { MorseAlphabet.symbol(for: $0) }, count: 10))
        let timeline = Timeline(text: text, timing: Timing(characterSpeedWPM: 20))
        let synthesizer = ToneSynthesizer(frequencyHz: 600, sampleRate: 8000)
        let samples = MixedSound(timeline: timeline, synthesizer: synthesizer, conditions: Self.loudNoise, seed: 3, keptSamples: 0).samples()
        let peak = samples.map { abs($0) }.max() ?? 0
        #expect(abs(peak - BandConditions.peakLimit) < 1e-6)
    }
}
