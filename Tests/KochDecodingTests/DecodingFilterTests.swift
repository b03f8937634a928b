import Foundation
import KochSound
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// The decoder's building blocks, each measured against what its documentation promises.
@Suite struct DecodingFilterTests {
    private func measuredGain(_ filter: ButterworthLowPass, frequencyHz: Double, sampleRate: Double) -> Double {
        var filter = filter
        var peak = 0.0
        let count = Int(sampleRate)
        for n in 0..<count {
            let y = filter.process(sin(2 * Double.pi * frequencyHz * Double(n) / sampleRate))
            if n > count / 2 { peak = max(peak, abs(y)) }
        }
        return peak
    }

    @Test func butterworthIsThreeDecibelsDownAtItsCutoff() {
        let filter = ButterworthLowPass(cutoffHz: 1000, order: 6, sampleRate: 44100)
        #expect(abs(measuredGain(filter, frequencyHz: 1000, sampleRate: 44100) - 0.7071) < 0.01)
        #expect(abs(filter.magnitude(atHz: 1000, sampleRate: 44100) - 0.7071) < 0.01)
        #expect(measuredGain(filter, frequencyHz: 100, sampleRate: 44100) > 0.99)
        // Sixth order: 36 dB per octave, so two octaves up is more than 60 dB down.
        #expect(measuredGain(filter, frequencyHz: 4000, sampleRate: 44100) < 0.001)
    }

    /// The baseband's I and Q go through their filters side by side; in any blocks, the values
    /// must be exactly those of each filtered alone (orders 4 and 6: a pipeline and lane pairs).
    @Test(arguments: [4, 6])
    func butterworthSideBySideGivesTheValuesOfEachAlone(order: Int) {
        let rate = 6000.0
        let inPhase = (0..<3000).map { sin(Double($0) * 0.37) + 0.2 * cos(Double($0) * 1.9) }
        let quadrature = (0..<3000).map { cos(Double($0) * 0.11) - 0.5 * sin(Double($0) * 2.3) }
        var alone = (
            ButterworthLowPass(cutoffHz: 100, order: order, sampleRate: rate), ButterworthLowPass(cutoffHz: 100, order: order, sampleRate: rate)
        )
        let expected = (inPhase.map { alone.0.process($0) }, quadrature.map { alone.1.process($0) })
        var first = ButterworthLowPass(cutoffHz: 100, order: order, sampleRate: rate)
        var second = first
        var got: ([Double], [Double]) = ([], [])
        var start = 0
        for length in [1, 2, 7, 1000, 1, 1989] {
            var a = Array(inPhase[start..<(start + length)]), b = Array(quadrature[start..<(start + length)])
            a.withUnsafeMutableBufferPointer { a in b.withUnsafeMutableBufferPointer { b in first.process(a, alongside: b, filteredBy: &second) } }
            got.0 += a
            got.1 += b
            start += length
        }
        #expect(start == inPhase.count)
        #expect(got.0 == expected.0)
        #expect(got.1 == expected.1)
    }

    private func decimatedAmplitude(frequencyHz: Double, inputRate: Int, keepingToneHz: Double? = nil) -> Double {
        var decimator = keepingToneHz.map { Decimator(inputRate: inputRate, keepingToneHz: $0) } ?? Decimator(inputRate: inputRate)
        let samples = (0..<inputRate).map { Float(sin(2 * Double.pi * frequencyHz * Double($0) / Double(inputRate))) }
        var output: [Float] = []
        // In uneven blocks: the blocks' edges must not show.
        var start = 0
        for length in [1, 7, 1000, 4095, 30000, 44100] where start < samples.count {
            decimator.process(Array(samples[start..<min(samples.count, start + length)]), into: &output)
            start += length
        }
        #expect(output.count == inputRate / decimator.factor)
        // The amplitude from the power of the last half (its peak falls between samples).
        let settled = output.suffix(output.count / 2)
        return (2 * settled.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(1, settled.count))).squareRoot()
    }

    @Test func decimatorKeepsTheToneBandAndRejectsWhatWouldFoldOntoIt() {
        #expect(Decimator(inputRate: 44100).factor == 7)
        #expect(Decimator(inputRate: 48000).factor == 8)
        #expect(Decimator(inputRate: 16000).factor == 2)
        #expect(Decimator(inputRate: 8000).factor == 1)
        for rate in [44100, 48000, 22050, 16000] {
            // Within 0.1 dB across the tone band.
            for tone in [300.0, 700, 1000, 1500] {
                #expect(abs(decimatedAmplitude(frequencyHz: tone, inputRate: rate) - 1) < 0.012, "\(tone) Hz at \(rate) Hz")
            }
            // What folds onto the band (the output rate less 1.5 kHz and up) is 50 dB down (0.00316).
            let outputRate = Decimator(inputRate: rate).outputRate
            for fold in [outputRate - 1500, outputRate - 600, outputRate + 600, 2 * outputRate - 900] where fold < Double(rate) / 2 {
                #expect(decimatedAmplitude(frequencyHz: fold, inputRate: rate) < 0.0035, "\(fold) Hz at \(rate) Hz")
            }
        }
        // A tone above the usual band keeps its own band.
        #expect(abs(decimatedAmplitude(frequencyHz: 2000, inputRate: 44100, keepingToneHz: 2000) - 1) < 0.012)
    }

    @Test func quickSelectFindsTheKthSmallestAndLeavesTheBufferSplitThere() {
        var random = SeededGenerator(seed: 9)
        for count in [1, 2, 3, 20, 401] {
            // Few distinct values too, as a clean recording's summaries are.
            var values = (0..<count).map { _ in Double(Int.random(in: 0..<(count / 4 + 2), using: &random)) }
            let sorted = values.sorted()
            for k in [0, count / 5, count / 2, count - 1] {
                let found = values.withUnsafeMutableBufferPointer { quickSelect($0, k) }
                #expect(found == sorted[k])
                #expect(values[..<k].allSatisfy { $0 <= found } && values[(k + 1)...].allSatisfy { $0 >= found })
            }
        }
    }

    @Test func fftPutsASineInItsBin() {
        let fft = FFT<Double>(length: 64)
        var real = (0..<64).map { cos(2 * Double.pi * 5 * Double($0) / 64) }
        var imaginary = [Double](repeating: 0, count: 64)
        fft.transform(real: &real, imaginary: &imaginary)
        #expect(abs(real[5] - 32) < 1e-9)
        #expect(abs(real[59] - 32) < 1e-9)
        #expect(abs(real[6]) < 1e-9 && abs(imaginary[5]) < 1e-9)
    }

    @Test func fftOfBitReversedSamplesGivesTheSameValues() {
        var generator = SeededGenerator(seed: 64)
        let fft = FFT<Double>(length: 64)
        let inputReal = (0..<64).map { _ in Double.random(in: -1...1, using: &generator) }
        let inputImaginary = (0..<64).map { _ in Double.random(in: -1...1, using: &generator) }
        var real = inputReal, imaginary = inputImaginary
        fft.transform(real: &real, imaginary: &imaginary)
        var placedReal = inputReal, placedImaginary = inputImaginary
        for (index, place) in fft.bitReversedIndices.enumerated() {
            placedReal[place] = inputReal[index]
            placedImaginary[place] = inputImaginary[index]
        }
        fft.transform(bitReversedReal: &placedReal, imaginary: &placedImaginary)
        #expect(placedReal == real && placedImaginary == imaginary)
    }

    /// The tone search's frame spectrum against the definition: the DFT of each frame with its
    /// mean taken out and a Hann window, scaled so that a full-scale sine has power 1, on
    /// samples with an offset (the mean must not leak) and bins up to the frames' Nyquist.
    /// The transforms run in single precision: within a millionth of the frame's loudest bin.
    @Test func frameSpectrumAgreesWithTheDefinition() {
        let n = 32, firstBin = 3, binCount = 14, start = 5
        var generator = SeededGenerator(seed: 32)
        let samples = (0..<(2 * n + 11)).map { _ in Float(0.3 + Double.random(in: -1...1, using: &generator)) }
        let spectrum = FrameSpectrum(frameLength: n, firstBin: firstBin, binCount: binCount)
        var scratch = FrameSpectrum.Scratch(frameLength: n)
        let levels = samples.withUnsafeBufferPointer { spectrum.measure($0, start: start, scratch: &scratch) }
        func power(_ frame: ArraySlice<Float>, bin: Double) -> Double {
            let values = frame.map(Double.init), count = values.count
            let mean = values.reduce(0, +) / Double(count)
            var real = 0.0, imaginary = 0.0
            for (index, value) in values.enumerated() {
                let weighted = (value - mean) * (0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(count)))
                let angle = -2 * Double.pi * bin * Double(index) / Double(count)
                real += weighted * cos(angle)
                imaginary += weighted * sin(angle)
            }
            return (real * real + imaginary * imaginary) * 16 / Double(count * count)
        }
        let long = samples[start..<(start + 2 * n)], short = samples[(start + n / 2)..<(start + 3 * n / 2)]
        #expect(levels.pitchPowers.count == 2 * (binCount + 2) && levels.shortPowers.count == binCount)
        let longLoudest = (1..<n).map { power(long, bin: Double($0)) }.max() ?? 0
        let shortLoudest = (1..<(n / 2)).map { power(short, bin: Double($0)) }.max() ?? 0
        for (index, measured) in levels.pitchPowers.enumerated() {
            // Half bins of the short frames: bins of the long ones.
            let bin = 2 * (firstBin - 2) + index
            let expected = bin > 0 && bin < n ? max(power(long, bin: Double(bin)), FrameSpectrum.smallestPower) : FrameSpectrum.smallestPower
            #expect(abs(measured - expected) <= 1e-6 * longLoudest, "half bin \(bin)")
        }
        for (index, measured) in levels.shortPowers.enumerated() {
            let bin = firstBin - 1 + index
            let expected = bin > 0 && 2 * bin < n ? power(short, bin: Double(bin)) : 0
            #expect(abs(measured - expected) <= 1e-6 * shortLoudest, "bin \(bin)")
        }
        #expect(longLoudest > 0.01 && shortLoudest > 0.01)
    }

    /// The tone search's histogram step of a power, found without a logarithm, must be the one
    /// the logarithm gives: at random powers over the whole range and on each side of every step's edge.
    @Test func levelStepsAreTheStepsTheLogarithmGives() {
        let (floorDB, stepDB, count) = (-160.0, 0.5, 400)
        let steps = LevelSteps(floorDB: floorDB, stepDB: stepDB, count: count)
        func expected(_ power: Double) -> Int {
            min(count - 1, max(0, Int(((FrameSpectrum.level(ofPower: power) - floorDB) / stepDB).rounded(.down))))
        }
        var generator = SeededGenerator(seed: 400)
        var powers = (0..<20000).map { _ in pow(10, Double.random(in: -30...8, using: &generator)) }
        for step in 1..<count {
            let edge = pow(10, (floorDB + Double(step) * stepDB) / 10)
            var power = edge
            for _ in 0..<4 { power = power.nextDown }
            for _ in 0..<8 {
                powers.append(power)
                power = power.nextUp
            }
        }
        powers += [1e-30, .leastNormalMagnitude, 1e-17, 1e5, 1e30]
        let wrong = powers.filter { steps.step(ofPower: $0) != expected($0) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(steps.step(ofPower: 1) == 320 && steps.step(ofPower: 1e-30) == 0 && steps.step(ofPower: 1e30) == count - 1)
    }

    @Test(arguments: [2, 4, 8, 16, 512])
    func fftAgreesWithTheDefinitionOnComplexInput(length: Int) {
        var generator = SeededGenerator(seed: UInt64(length))
        let inputReal = (0..<length).map { _ in Double.random(in: -1...1, using: &generator) }
        let inputImaginary = (0..<length).map { _ in Double.random(in: -1...1, using: &generator) }
        var real = inputReal, imaginary = inputImaginary
        FFT<Double>(length: length).transform(real: &real, imaginary: &imaginary)
        for k in 0..<length {
            var sumReal = 0.0, sumImaginary = 0.0
            for n in 0..<length {
                let angle = -2 * Double.pi * Double(k * n) / Double(length)
                sumReal += inputReal[n] * cos(angle) - inputImaginary[n] * sin(angle)
                sumImaginary += inputReal[n] * sin(angle) + inputImaginary[n] * cos(angle)
            }
            #expect(abs(real[k] - sumReal) < 1e-9 && abs(imaginary[k] - sumImaginary) < 1e-9, "bin \(k) of \(length)")
        }
    }

    @Test func largestMagnitudeFindsTheLoudestSampleAndSaysWhenOneIsNotANumber() {
        var samples = (0..<37).map { Float($0 % 7) / 10 - 0.3 }
        samples[35] = -0.9
        #expect(LargestMagnitude.of(samples) == 0.9)
        samples[3] = 1.5
        #expect(LargestMagnitude.of(samples) == 1.5)
        samples[20] = -.infinity
        #expect(LargestMagnitude.of(samples) == .infinity)
        samples[9] = .nan
        #expect(LargestMagnitude.of(samples).isNaN)
        #expect(LargestMagnitude.of(Array(samples[30...])) == 0.9)
        #expect(LargestMagnitude.of([]) == 0)
    }

    @Test func matchedFilterReachesFullHeightAndFollowsLengthChanges() {
        var filter = MatchedFilter(length: 10, capacity: 50)
        var last = 0.0
        for _ in 0..<10 { last = filter.process(real: 1, imaginary: 0) }
        #expect(abs(last - 1) < 1e-9)
        filter.setLength(20)
        #expect(abs(filter.process(real: 1, imaginary: 0) - 0.3025) < 1e-9)
    }

    @Test func thresholdGivesNoMarksForNoiseAlone() {
        var threshold = AdaptiveThreshold(sampleRate: 500)
        var random = SeededGenerator(seed: 4)
        var keyDown = 0
        for _ in 0..<(500 * 30) {
            let re = DecodingSignals.gaussian(&random), im = DecodingSignals.gaussian(&random)
            if threshold.process((re * re + im * im).squareRoot())?.keyDown == true { keyDown += 1 }
        }
        #expect(keyDown == 0)
    }

    @Test func segmenterKeepsANoisyDitWholeAndIgnoresAShortSpike() {
        // Log likelihood ratios: key up, a dit whose samples noise sometimes pushes below
        // the threshold, key up, a brief spike, key up.
        var ratios = [Double](repeating: -2, count: 40)
        ratios += (0..<30).map { $0 % 4 == 2 ? -1.5 : 3 }
        ratios += [Double](repeating: -2, count: 40) + [6, 6, 6] + [Double](repeating: -2, count: 40)
        var segmenter = MarkSpaceSegmenter(switchCostNats: 0.7, minimumLengthSamples: 6, lagSamples: 16)
        var released: [(decision: AdaptiveThreshold.Decision, keyDown: Bool)] = []
        for ratio in ratios {
            let decision = AdaptiveThreshold.Decision(envelope: 0, threshold: 0, keyDown: ratio > 0, logLikelihoodRatio: ratio)
            segmenter.process(decision, weight: 0.1, into: &released)
        }
        segmenter.finish(into: &released)
        let states = released.map(\.keyDown)
        #expect(states.count == ratios.count)
        #expect(states[40..<70].allSatisfy { $0 })
        #expect(states.filter { $0 }.count == 30)
    }

    @Test func segmenterWithADurationPriorKeepsADahWithAShortDipWhole() {
        // A dah of 30 samples (the dit is 10) with a 4-sample dip deep enough to split it
        // when only the minimum length and the switch cost stand against it.
        let ratios =
            [Double](repeating: -2, count: 40) + [Double](repeating: 2, count: 13)
            + [Double](repeating: -5, count: 4) + [Double](repeating: 2, count: 13) + [Double](repeating: -2, count: 40)
        func marks(prior: SegmentDurationPrior?) -> [Int] {
            var segmenter = MarkSpaceSegmenter(switchCostNats: 0.7, minimumLengthSamples: 3, lagSamples: 16)
            if let prior { segmenter.setDurationPrior(mark: prior.mark, space: prior.space) }
            var released: [(decision: AdaptiveThreshold.Decision, keyDown: Bool)] = []
            for ratio in ratios {
                let decision = AdaptiveThreshold.Decision(envelope: 0, threshold: 0, keyDown: ratio > 0, logLikelihoodRatio: ratio)
                segmenter.process(decision, weight: 0.1, into: &released)
            }
            segmenter.finish(into: &released)
            #expect(released.count == ratios.count)
            var lengths: [Int] = [], run = 0
            for (_, keyDown) in released {
                if keyDown {
                    run += 1
                } else if run > 0 {
                    lengths.append(run)
                    run = 0
                }
            }
            return lengths
        }
        #expect(marks(prior: nil) == [13, 13])
        #expect(marks(prior: SegmentDurationPrior(model: TimingModel(ditSeconds: 0.02), rate: 500)) == [30])
    }

    @Test func durationPriorCostsNothingAtTheExpectedLengths() {
        let prior = SegmentDurationPrior(model: TimingModel(ditSeconds: 0.02), rate: 500)
        #expect(prior.mark.count == 30 && prior.space.count == 30)
        #expect(prior.mark[9] < 0.1 && prior.mark[29] < 0.1 && prior.space[9] < 0.1)
        #expect(prior.mark[2] > 2 && prior.space[2] > 2 && prior.mark[17] > prior.mark[9])
    }

    @Test func thresholdEstimatesTheNoiseOfKeyedSignalWithoutBias() throws {
        // Complex Gaussian noise through a 12-sample matched filter (σ = 1/√12 per component),
        // and a tone of amplitude 5 keyed 40 % of the time.
        var threshold = AdaptiveThreshold(sampleRate: 500)
        var filter = MatchedFilter(length: 12, capacity: 500)
        var random = SeededGenerator(seed: 8)
        for index in 0..<(500 * 12) {
            let amplitude: Float = index % 250 < 100 ? 5 : 0
            let re = amplitude + Float(DecodingSignals.gaussian(&random)), im = Float(DecodingSignals.gaussian(&random))
            _ = threshold.process(filter.process(real: re, imaginary: im).squareRoot())
        }
        let levels = try #require(threshold.levels)
        #expect(abs(levels.noiseDeviation * Double(12).squareRoot() - 1) < 0.15)
        #expect(abs(levels.markLevel - 5) < 0.5)
    }

    @Test func quickSelectFindsEveryRankOfShuffledAndRepeatedValues() {
        var random = SeededGenerator(seed: 2)
        let values = (0..<101).map { _ in Double(Int(random.nextUnit() * 20)) }
        let sorted = values.sorted()
        for rank in [0, 1, 20, 50, 97, 100] {
            var copy = values
            #expect(copy.withUnsafeMutableBufferPointer { quickSelect($0, rank) } == sorted[rank])
        }
    }

    @Test func kMeansFindsTheThreeGapClustersOfFarnsworthSpacing() {
        let gaps = ([Double](repeating: 0.06, count: 20) + [Double](repeating: 0.5, count: 10) + [Double](repeating: 1.15, count: 4)).map(log)
        let centres = TimingModel.kMeans(gaps.sorted(), clusters: 3)
        #expect(centres.count == 3)
        #expect(abs(exp(centres[1]) - 0.5) < 0.01)
    }

    @Test func ambiguousGapIsReadAsTheBoundaryThatMakesValidCharacters() {
        // Seven marks · − · · | − − −  with the boundary gap only 1.8 dits long: "LO" not one 8-element pattern.
        let model = TimingModel(ditSeconds: 0.06)
        let marks = [1, 3, 1, 1, 3, 3, 3].map { log(0.06 * $0) }
        let gaps = [1, 1, 1, 1.8, 1, 1].map { log(0.06 * $0) }
        let readings = CharacterAssembler().read(markLogs: marks, gapLogs: gaps, model: model)
        #expect(readings.map(\.text) == ["L", "O"])
    }

    /// A word of marks and gaps in dits (0.06 s), read once by its lengths.
    static func word(markDits marks: [Double], gapDits gaps: [Double]) -> WordRereader.Word {
        var start = 0.0
        var timed: [TimedElement] = []
        for (index, dits) in marks.enumerated() {
            timed.append(TimedElement(element: dits > 2 ? .dah : .dit, startSeconds: start, durationSeconds: 0.06 * dits))
            start += 0.06 * (dits + (index < gaps.count ? gaps[index] : 0))
        }
        return WordRereader.Word(
            marks: timed, gapSeconds: gaps.map { 0.06 * $0 }, elements: timed.map(\.element), endsCharacter: gaps.map { $0 > 2 },
            isValid: timed.map { _ in true }, endingGap: nil)
    }

    @Test func aMarkTwoDahsLongWhereTalkFilledTheGapIsReadAsTwo() {
        // "MA" (− − | · −) with the gap inside the M filled: a mark of 7 dits, then · −.
        let model = TimingModel(ditSeconds: 0.06)
        let word = Self.word(markDits: [7, 1, 3], gapDits: [3, 1])
        let assembler = CharacterAssembler()
        let text = { (word: WordRereader.Word) in
            assembler.read(markLogs: word.marks.map { log($0.durationSeconds) }, gapLogs: word.gapSeconds.map(log), model: model)
                .map(\.text).joined()
        }
        let repaired = WordRereader.repaired(word, model: model, assembler: assembler, splitsLongMarks: true)
        #expect(text(repaired) == "MA")
        #expect(repaired.marks.map { ($0.durationSeconds / 0.06).rounded() } == [3, 3, 1, 3])
        // Without talk heard, a long mark is left as it was read.
        #expect(WordRereader.repaired(word, model: model, assembler: assembler).marks.count == 3)
        // A dah half as long again as a dah (talk at its end), in a word that reads as letters
        // either way (T A, or A A), is tried cut, and stays one mark: the cut costs more.
        let longDah = Self.word(markDits: [4.6, 1, 3], gapDits: [3, 1])
        #expect(WordRereader.repaired(longDah, model: model, assembler: assembler, splitsLongMarks: true).marks.count == 3)
    }

    @Test func handTimingLawTakesALongishMarkForAShortDah() {
        // Dahs 2.5 dits long, a mark of 1.54 dits, spreads of 20 %: in log seconds it lies
        // nearer the dit; with a spread proportional to the length it is a short dah.
        var model = TimingModel(ditSeconds: 0.06)
        model.dahLog = model.ditLog + log(2.5)
        model.markSpread = 0.2
        let mark = log(1.54 * 0.06)
        #expect(model.cost(markLog: mark, as: .dit) < model.cost(markLog: mark, as: .dah))
        model.law = .proportionalNormal
        #expect(model.cost(markLog: mark, as: .dah) < model.cost(markLog: mark, as: .dit))
        // Both laws agree on the marks at the centres.
        #expect(model.cost(markLog: model.ditLog, as: .dit) < model.cost(markLog: model.ditLog, as: .dah))
        #expect(model.cost(markLog: model.dahLog, as: .dah) < model.cost(markLog: model.dahLog, as: .dit))
    }

    @Test func handTimingLawCentresEachClassOnItsMeanLength() throws {
        // Dits of 60 ms keyed with 30 % jitter, as the model learns them: their log lengths'
        // mean and spread. The costs are least at the dits' mean length, 60 ms, which lies
        // above the geometric mean the model follows; and a mark between a dit and a dah is
        // weighed from there, not from the shorter centre.
        let lengths = (1...999).map { 0.06 * (1 + 0.3 * Self.normalQuantile(Double($0) / 1000)) }.filter { $0 > 0 }
        let logs = lengths.map(log)
        let meanLog = logs.reduce(0, +) / Double(logs.count)
        let spread = (logs.map { ($0 - meanLog) * ($0 - meanLog) }.reduce(0, +) / Double(logs.count)).squareRoot()
        var model = TimingModel(ditSeconds: exp(meanLog))
        model.dahLog = meanLog + log(3)
        model.markSpread = spread
        model.law = .proportionalNormal
        let costs = stride(from: 0.050, through: 0.070, by: 0.001).map { (seconds: $0, cost: model.cost(markLog: log($0), as: .dit)) }
        let least = try #require(costs.min { $0.cost < $1.cost })
        #expect(abs(least.seconds - 0.06) <= 0.001, "least cost at \(least.seconds) s; the geometric mean is \(exp(meanLog)) s")
        // A mark of 1.65 dits of the mean length is still a long dit, measured from the mean
        // length (the dit and dah costs cross at 1.7 dits; from the geometric mean, at 1.6).
        let mark = log(1.65 * 0.06)
        #expect(model.cost(markLog: mark, as: .dit) < model.cost(markLog: mark, as: .dah))
    }

    /// The standard normal quantile of `p` (Acklam's rational approximation, good to 1e-9).
    static func normalQuantile(_ p: Double) -> Double {
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01,
            2.506628277459239e+00,
        ]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00,
            2.938163982698783e+00,
        ]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        func tail(_ q: Double) -> Double {
            (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p < 0.02425 { return tail((-2 * log(p)).squareRoot()) }
        if p > 1 - 0.02425 { return -tail((-2 * log(1 - p)).squareRoot()) }
        let q = p - 0.5, r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }

    @Test func patternThatIsNoCharacterIsShownAsStar() {
        let model = TimingModel(ditSeconds: 0.06)
        let marks = [3, 3, 3, 3, 3, 3].map { log(0.06 * Double($0)) }
        let gaps = [Double](repeating: log(0.06), count: 5)
        #expect(CharacterAssembler().read(markLogs: marks, gapLogs: gaps, model: model).map(\.text) == ["*"])
    }

    @Test func rejectsSampleRatesBelowTwoKilohertzAndTonesAboveTheirBand() throws {
        #expect(throws: DecoderError.sampleRateTooLow(1800)) {
            _ = try CWDecoder(configuration: DecoderConfiguration(sampleRate: 1800, channelCount: 1, toneHz: 600))
        }
        _ = try CWDecoder(configuration: DecoderConfiguration(sampleRate: 2000, channelCount: 1, toneHz: 600))
        _ = try CWDecoder(configuration: DecoderConfiguration(sampleRate: 4000, channelCount: 1, toneHz: 1700))
        #expect(throws: DecoderError.toneOutOfRange(frequencyHz: 1900, sampleRate: 4000)) {
            _ = try CWDecoder(configuration: DecoderConfiguration(sampleRate: 4000, channelCount: 1, toneHz: 1900))
        }
    }
}
