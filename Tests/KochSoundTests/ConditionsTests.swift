import Foundation
import KochCore
import Testing

@testable import KochSound

@Suite struct ConditionsTests {
    @Test(arguments: [(0.0, 2400.0), (10.0, 2400.0), (20.0, 2400.0), (10.0, 500.0), (10.0, 250.0)])
    func measuredSNRInFiveHundredHertzMatchesTheAskedSNR(snrDB: Double, filterHz: Double) {
        let (clean, synthesizer) = ConditionsSignals.lesson(seconds: 20)
        let noisy = BandConditions(qrn: QRN(snrDB: snrDB, receiverFilterWidthHz: filterHz)).apply(to: clean, sampleRate: 8000, toneHz: 600, seed: 7)
        // The mix may have been scaled down as a whole: find that gain, then what is left is the noise.
        let dot = zip(noisy, clean).reduce(0.0) { $0 + Double($1.0) * Double($1.1) }
        let energy = clean.reduce(0.0) { $0 + Double($1) * Double($1) }
        let gain = dot / energy
        let noise = zip(noisy, clean).map { $0 - Float(gain) * $1 }
        let n500 = Spectrum.bandPower(Spectrum.welch(noise), sampleRate: 8000, fromHz: 350, toHz: 850)
        let amplitude = gain * synthesizer.peakAmplitude
        let measured = 10 * log10(amplitude * amplitude / 2 / n500)
        #expect(abs(measured - snrDB) < 1, "asked \(snrDB) dB through \(filterHz) Hz, measured \(measured) dB")
    }

    /// Octaves' power in dB of band noise alone at 16 kHz.
    func octaves(filterHz: Double, _ bands: [(Double, Double)]) -> [Double] {
        let noise = BandConditions(qrn: QRN(snrDB: 0, receiverFilterWidthHz: filterHz)).apply(
            to: [Float](repeating: 0, count: 16000 * 8), sampleRate: 16000, toneHz: 600, seed: 3, signalPeakAmplitude: 0.2)
        let spectrum = Spectrum.welch(noise)
        return bands.map { 10 * log10(Spectrum.bandPower(spectrum, sampleRate: 16000, fromHz: $0.0, toHz: $0.1)) }
    }

    @Test func noiseIsPinkInsideTheReceiversPassbandAndFallsAwayOutsideIt() {
        let power = octaves(filterHz: 2400, [(500, 1000), (1000, 2000), (60, 120), (4000, 8000)])
        // White noise would gain 3 dB an octave; pink noise has the same power in each.
        #expect(abs(power[1] - power[0]) < 1, "\(power)")
        // No rumble below the filter's 300 Hz and no hiss far above its 2700 Hz.
        #expect(power[0] - power[2] > 20, "\(power)")
        #expect(power[1] - power[3] > 15, "\(power)")
    }

    @Test func aCWFilterLeavesOnlyTheNoiseAroundTheTone() {
        let power = octaves(filterHz: 500, [(400, 800), (1500, 3000), (100, 200)])
        #expect(power[0] - power[1] > 20, "\(power)")
        #expect(power[0] - power[2] > 20, "\(power)")
    }

    @Test func noJoinBetweenNoiseStretchesOrBlocksShowsAStep() {
        // A block's noise is filtered after the stretch before it, and pink noise drawn afresh at a
        // stretch's start is filtered like the rest: no join shows a step.
        let length = BandMix.blockSamples * 3
        let noise = BandConditions(qrn: QRN(snrDB: 0, cracklePerSecond: 20)).apply(
            to: [Float](repeating: 0, count: length), sampleRate: 8000, toneHz: 600, seed: 5, signalPeakAmplitude: 0.2)
        let steps = zip(noise, noise.dropFirst()).map { abs($1 - $0) }
        let typical = steps.reduce(0, +) / Float(steps.count)
        let joins = [
            BandMix.noiseStretchSamples, 3 * BandMix.noiseStretchSamples, BandMix.blockSamples,
            2 * BandMix.blockSamples,
        ]
        for join in joins {
            #expect(steps[join - 1] < 6 * typical, "the step into sample \(join)")
        }
    }

    @Test func noiseContinuesThroughTheSilences() {
        let (clean, _) = ConditionsSignals.lesson(seconds: 5)
        let noisy = BandConditions.quiet.apply(to: clean, sampleRate: 8000, toneHz: 600, seed: 1)
        let silent = zip(clean, noisy).filter { $0.0 == 0 }.map { abs($0.1) }
        #expect(silent.count > 8000)
        #expect(silent.filter { $0 > 0 }.count > silent.count * 99 / 100)
    }

    @Test func fadingDepthMatchesTheAskedDepth() {
        for (depth, rate) in [(12.0, 0.2), (20.0, 0.5)] {
            let tone = ConditionsSignals.tone(seconds: 60, amplitude: 0.5)
            let faded = BandConditions(qsb: QSB(depthDB: depth, rateHz: rate)).apply(
                to: tone, sampleRate: 8000, toneHz: 600, seed: 5, signalPeakAmplitude: 0.5)
            // Amplitude in blocks of 25 ms (15 cycles of 600 Hz): RMS times √2.
            let block = 200
            let levels = stride(from: 0, to: faded.count - block, by: block).map { start in
                (faded[start..<start + block].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(block) * 2).squareRoot()
            }
            let highest = levels.max() ?? 0
            let lowest = levels.min() ?? 1
            let measured = 20 * log10(highest / lowest)
            #expect(abs(measured - depth) < 2, "asked \(depth) dB, measured \(measured) dB")
            #expect(highest <= 0.5 * 1.01)
        }
    }

    @Test func fadingIsIrregularNotASine() {
        let tone = ConditionsSignals.tone(seconds: 120, amplitude: 0.5)
        let faded = BandConditions(qsb: QSB(depthDB: 20, rateHz: 0.2)).apply(
            to: tone, sampleRate: 8000, toneHz: 600, seed: 9, signalPeakAmplitude: 0.5)
        let block = 400
        let levels = stride(from: 0, to: faded.count - block, by: block).map { start in
            20 * log10(max(1e-9, faded[start..<start + block].map { abs(Double($0)) }.max() ?? 0))
        }
        let middle = (levels.max()! + levels.min()!) / 2
        // Times between upward crossings of the middle level: a sine would give equal gaps.
        var crossings: [Int] = []
        for index in levels.indices.dropFirst() where levels[index - 1] < middle && levels[index] >= middle {
            crossings.append(index)
        }
        let gaps = zip(crossings, crossings.dropFirst()).map { $1 - $0 }
        #expect(gaps.count >= 3)
        #expect((gaps.max() ?? 0) > 2 * (gaps.min() ?? 0), "\(gaps)")
    }

    @Test func fadingTouchesTheSignalOnlyNotTheNoise() {
        let silence = [Float](repeating: 0, count: 8000 * 5)
        let noiseOnly = BandConditions(qrn: QRN(snrDB: 6)).apply(to: silence, sampleRate: 8000, toneHz: 600, seed: 2, signalPeakAmplitude: 0.1)
        let noiseAndFading = BandConditions(qrn: QRN(snrDB: 6), qsb: QSB(depthDB: 20, rateHz: 0.5)).apply(
            to: silence, sampleRate: 8000, toneHz: 600, seed: 2, signalPeakAmplitude: 0.1)
        #expect(noiseOnly == noiseAndFading)
    }

    @Test(arguments: [(600.0, 350.0, 950.0), (400.0, -300.0, 700.0), (700.0, -200.0, 500.0)])
    func aQRMStationSitsAtTheAskedPitchAndLevel(toneHz: Double, offsetHz: Double, expectedHz: Double) {
        let station = QRMStation(offsetHz: offsetHz, levelDB: -6, speedWPM: 22)
        #expect(station.pitchHz(toneHz: toneHz, sampleRate: 8000) == expectedHz)
        let qrm = BandConditions(qrm: [station]).apply(
            to: [Float](repeating: 0, count: 8000 * 20), sampleRate: 8000, toneHz: toneHz, seed: 4, signalPeakAmplitude: 0.5)
        let spectrum = Spectrum.welch(qrm)
        let peak = Spectrum.peakHz(spectrum, sampleRate: 8000)
        #expect(abs(peak - expectedHz) <= 8, "peak at \(peak) Hz")
        let near = Spectrum.bandPower(spectrum, sampleRate: 8000, fromHz: expectedHz - 50, toHz: expectedHz + 50)
        let total = spectrum.reduce(0, +)
        #expect(near / total > 0.95)
        let level = 20 * log10(Double(qrm.withUnsafeBufferPointer { BandConditions.peak(of: $0) }) / 0.5)
        #expect(abs(level - -6) < 0.5, "level \(level) dB")
    }

    @Test func sameSeedGivesIdenticalSamplesAndAnotherSeedDoesNot() {
        let (clean, _) = ConditionsSignals.lesson(seconds: 10)
        for preset in BandPreset.allCases {
            let first = preset.conditions.apply(to: clean, sampleRate: 8000, toneHz: 600, seed: 11)
            let second = preset.conditions.apply(to: clean, sampleRate: 8000, toneHz: 600, seed: 11)
            let other = preset.conditions.apply(to: clean, sampleRate: 8000, toneHz: 600, seed: 12)
            #expect(first == second, "\(preset)")
            #expect(first != other, "\(preset)")
        }
    }

    @Test func theMixNeverClips() {
        let (clean, _) = ConditionsSignals.lesson(seconds: 10)
        for preset in BandPreset.allCases {
            let mixed = preset.conditions.apply(to: clean, sampleRate: 8000, toneHz: 600, seed: 1)
            let peak = mixed.withUnsafeBufferPointer { BandConditions.peak(of: $0) }
            #expect(peak <= BandConditions.peakLimit * 1.0001, "\(preset): \(peak)")
            #expect(mixed.count == clean.count)
        }
    }

    @Test func clearConditionsLeaveTheSamplesAsTheyAre() {
        let (clean, _) = ConditionsSignals.lesson(seconds: 2)
        #expect(BandConditions.clear.apply(to: clean, sampleRate: 8000, toneHz: 600, seed: 1) == clean)
    }

    @Test func presetsRoundTripThroughJSONForTheAnswerKey() throws {
        for preset in BandPreset.allCases {
            let data = try JSONEncoder().encode(preset.conditions)
            #expect(try JSONDecoder().decode(BandConditions.self, from: data) == preset.conditions)
        }
        #expect(BandConditions.fair.qrn?.snrDB == 10)
        #expect(BandConditions.fair.qsb == QSB(depthDB: 10, rateHz: 0.1))
    }

    @Test func theNoiseBandPowerFromTheSpectrumFormulaMatchesTheGenerator() {
        var buffer = [Float](repeating: 0, count: 44_100 * 4)
        var noise = PinkNoise(sampleRate: 44_100, seed: 1)
        buffer.withUnsafeMutableBufferPointer { noise.add(into: $0, gain: 1 / Float(PinkNoise.rowAmplitude)) }
        let total = buffer.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(buffer.count)
        let expected = PinkNoise.bandPower(fromHz: 0, toHz: 22_050, sampleRate: 44_100) / (PinkNoise.rowAmplitude * PinkNoise.rowAmplitude)
        #expect(abs(10 * log10(total / expected)) < 0.2, "\(total) against \(expected)")
    }

    @Test(arguments: QRMStation.Traffic.allCases)
    func everyTransmissionOfTheBuiltInTrafficIsMorse(style: QRMStation.Traffic) {
        for seed in UInt64(0)..<20 {
            var generator = SeededGenerator(seed: seed)
            var traffic = QRMTraffic(style: style, using: &generator)
            for _ in 0..<50 {
                let transmission = traffic.nextTransmission(using: &generator)
                #expect((try? MorseText(parsing: transmission)) != nil, "\(transmission)")
            }
        }
    }
}
