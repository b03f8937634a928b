import Foundation

/// Decodes keyed CW audio into characters, a block at a time, with memory
/// bounded whatever the length of the recording.
///
/// Each channel is decimated to about 6 kHz, mixed down from the tone to
/// complex baseband at about 500 samples a second, and averaged over about
/// 0.7 of a dit (the matched filter; less for a strong signal, so that an
/// uneven fist's short gaps survive). The channels' powers are summed with
/// their weights; the envelope is cut into marks and spaces by an adaptive
/// threshold; marks and spaces are read into characters word by word
/// against a timing model learned from the recording. The evidence of every
/// envelope sample is kept (4 bytes each) for a second reading of weak
/// signals (`SoftWordReader`).
///
/// The first 20 seconds (longer if they hold few marks) are kept as
/// baseband — 8 bytes per sample at 500 Hz — to learn the speed before the
/// matched filter is set, then replayed; after that the speed is followed.
public struct CWDecoder: Sendable {
    public let configuration: DecoderConfiguration
    /// The timing learned so far.
    public private(set) var model: TimingModel
    public private(set) var statistics = TimingStatistics()

    /// Decimation, baseband and carrier cancelling, for `process(_:)`.
    private var frontEnd: BasebandFrontEnd
    private let weights: [Double]
    private let rate: Double
    private let delaySeconds: Double
    private var pipeline: EnvelopePipeline?
    private let assembler = CharacterAssembler()
    /// 1 for the full matched filter (0.7 of a dit), less for a strong signal (see `sharpFilterScale`).
    private var filterScale = 1.0
    /// How unevenly the sender keys (`handSpread`), measured in the warm-up.
    private var handSpread = 0.2

    private var warmUpReal: [[Float]]
    private var warmUpImaginary: [[Float]]
    private let warmUpSamples: Int
    private let maximumWarmUpSamples: Int

    private var wordMarks: [(startSeconds: Double, durationSeconds: Double)] = []
    /// The space before a click, which the space after it continues.
    private var carriedGap: (startSeconds: Double, durationSeconds: Double)?
    /// Whether the word being read began with the recording (its first mark may be cut).
    private var wordStartsRecording = false
    private var wordGaps: [(startSeconds: Double, durationSeconds: Double)] = []
    private var hasEmittedCharacter = false
    private var samplesIn = 0

    public init(configuration: DecoderConfiguration) throws(DecoderError) {
        guard configuration.sampleRate >= Self.lowestSampleRate else { throw .sampleRateTooLow(configuration.sampleRate) }
        guard configuration.channelCount > 0 else { throw .noChannels }
        guard (100...Self.highestToneHz(sampleRate: configuration.sampleRate)).contains(configuration.toneHz) else {
            throw .toneOutOfRange(frequencyHz: configuration.toneHz, sampleRate: configuration.sampleRate)
        }
        if let speed = configuration.speedWPM, !(3...60).contains(speed) { throw .speedOutOfRange(speed) }
        self.configuration = configuration
        let channels = configuration.channelCount
        frontEnd = BasebandFrontEnd(configuration: configuration)
        rate = frontEnd.outputRate
        delaySeconds = frontEnd.delaySeconds + 0.0004
        var weights = configuration.channelWeights.count == channels ? configuration.channelWeights : Array(repeating: 1, count: channels)
        if !weights.contains(where: { $0 > 0 }) { weights = Array(repeating: 1, count: channels) }
        self.weights = weights
        model = TimingModel(ditSeconds: configuration.speedWPM.map { 1.2 / $0 } ?? 0.06)
        warmUpReal = Array(repeating: [], count: channels)
        warmUpImaginary = Array(repeating: [], count: channels)
        warmUpSamples = Int(rate * 20)
        maximumWarmUpSamples = Int(rate * 60)
    }

    /// A carrier closer than this to the keyed tone cannot be told from its key-down sound.
    static let nearestCarrierHz = 10.0
    /// Carriers are taken out up to this share of the baseband's rate away from the tone.
    static let farthestCarrierShare = 0.4

    /// The lowest sample rate read: recordings of Morse at 2 to 4.41 kHz exist, and a tone fits under 0.45 of it.
    public static let lowestSampleRate = 2000

    /// The highest tone decoded from audio at this sample rate: 0.45 of it (a receiver's
    /// audio can sit at several kilohertz).
    public static func highestToneHz(sampleRate: Int) -> Double {
        0.45 * Double(sampleRate)
    }

    /// Decodes one block of samples, one array per channel (all the same length).
    public mutating func process(_ channels: [[Float]]) -> DecoderOutput {
        process(baseband: frontEnd.process(channels))
    }

    /// Decodes one block as the front end made it (`BasebandFrontEnd(configuration:)`, run
    /// over the samples in order, perhaps on another core).
    public mutating func process(baseband block: BasebandBlock) -> DecoderOutput {
        let blockReal = block.real, blockImaginary = block.imaginary
        let count = blockReal.map(\.count).min() ?? 0
        samplesIn += count
        var output = DecoderOutput()
        if pipeline == nil {
            for channel in 0..<configuration.channelCount {
                warmUpReal[channel] += blockReal[channel].prefix(count)
                warmUpImaginary[channel] += blockImaginary[channel].prefix(count)
            }
            if warmUpReal[0].count >= warmUpSamples { completeWarmUp(final: false, into: &output) }
            return output
        }
        feed(real: blockReal, imaginary: blockImaginary, range: 0..<count, into: &output)
        return output
    }

    /// Decodes what is still held at the end of the recording.
    public mutating func finish() -> DecoderOutput {
        var output = DecoderOutput()
        if pipeline == nil { completeWarmUp(final: true, into: &output) }
        // Taken out of self while it changes, so that its growing evidence is never copied.
        guard var pipeline = pipeline.take() else { return output }
        let runs = pipeline.finish()
        self.pipeline = pipeline
        for run in runs { handle(run, atEnd: run.endSample >= pipeline.decisionCount, into: &output) }
        flushWord(endingGap: nil, into: &output)
        return output
    }

    /// Envelope samples of the stretch asked for in the configuration.
    public var trace: [TracePoint] { pipeline?.trace ?? [] }

    /// The evidence of every envelope sample, timed as the decoded marks are.
    public var evidence: MarkEvidence? {
        guard let pipeline, var evidence = pipeline.evidence else { return nil }
        evidence.delaySeconds = Double(pipeline.filterLength - 1) / (2 * rate) + delaySeconds
        return evidence
    }

    /// The tone's level above the noise in 500 Hz of bandwidth, in dB (the
    /// convention of the reference corpus), from the mark and space levels
    /// of the threshold; nil if nothing was keyed, 60 at most.
    public var signalToNoiseDB: Double? {
        guard let pipeline, pipeline.threshold.activeWindows > 0 else { return nil }
        let windows = Double(pipeline.threshold.activeWindows)
        let markPower = pipeline.threshold.markPowerSum / windows
        // The mean of a Rayleigh envelope is σ√(π/2); complex noise power is 2σ² = 4·mean²/π.
        let noisePower = 4 / Double.pi * pipeline.threshold.spacePowerSum / windows
        guard noisePower > 0 else { return 60 }
        let ratio = max(markPower - noisePower, 1e-12) / noisePower
        let noiseBandwidthHz = rate / Double(pipeline.filterLength)
        return min(60, 10 * log10(ratio * noiseBandwidthHz / 500))
    }

    // MARK: - Warm-up

    /// The warm-up's runs through the filter for a dit length, and the tone's amplitude over the noise's σ there.
    private func provisionalRuns(ditSeconds: Double) -> (runs: [KeyingRun], amplitudeToNoise: Double) {
        var trial = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: filterLength(ditSeconds: ditSeconds),
            minimumRunLength: minimumRunLength(ditSeconds: ditSeconds))
        let count = warmUpReal[0].count
        let runs = trial.process(real: warmUpReal, imaginary: warmUpImaginary, range: 0..<count) + trial.finish()
        let levels = trial.threshold.levels
        return (runs, levels.map { $0.markLevel / max($0.noiseDeviation, 1e-12) } ?? 0)
    }

    private func learnModel(from runs: [KeyingRun]) -> (model: TimingModel, markCount: Int) {
        // The first and last runs may be cut by the recording's ends; long ones are pauses or a stuck key.
        let inner = runs.count > 2 ? Array(runs.dropFirst().dropLast()) : []
        let marks = inner.filter(\.isMark).map { Double($0.lengthSamples) / rate }.filter { $0 < 2 }
        let gaps = inner.filter { !$0.isMark }.map { Double($0.lengthSamples) / rate }.filter { $0 < 6 }
        let allMarks = runs.filter(\.isMark).map { Double($0.lengthSamples) / rate }.filter { $0 < 2 }
        let defaultDit = configuration.speedWPM.map { 1.2 / $0 } ?? 0.06
        if let speed = configuration.speedWPM, marks.count < 4 {
            return (TimingModel(ditSeconds: 1.2 / speed), allMarks.count)
        }
        return (TimingModel(markSeconds: marks.isEmpty ? allMarks : marks, gapSeconds: gaps, defaultDitSeconds: defaultDit), allMarks.count)
    }

    /// How well a timing model reads the warm-up's runs: the mean cost per mark
    /// of the best reading, plus a charge for every pattern that is no character.
    private func fitCost(of runs: [KeyingRun], model: TimingModel) -> Double {
        var marks: [Double] = [], gaps: [Double] = []
        var total = 0.0, markCount = 0, invalid = 0
        func readWord() {
            guard !marks.isEmpty else { return }
            let (readings, cost) = assembler.readWithCost(markLogs: marks, gapLogs: Array(gaps.prefix(marks.count - 1)), model: model)
            total += cost
            markCount += marks.count
            invalid += readings.filter { $0.text == "*" }.count
            marks.removeAll()
            gaps.removeAll()
        }
        for run in runs {
            let seconds = Double(run.lengthSamples) / rate
            if run.isMark {
                if seconds < 2 { marks.append(log(seconds)) }
            } else if !marks.isEmpty {
                if model.isWordGap(seconds: seconds) { readWord() } else { gaps.append(log(seconds)) }
            }
        }
        readWord()
        guard markCount > 0 else { return .infinity }
        return total / Double(markCount) + 3 * Double(invalid) / Double(markCount)
    }

    /// Learns the speed from the warm-up: tries dit lengths from 24 to 230 ms
    /// (50 to 5 WPM), keeps those whose filter finds a dit about as long as it
    /// assumed (a self-consistent reading), and of those the one whose timing
    /// reads best as characters. Noise read through too short a filter, or
    /// dits smeared by too long a one, read badly.
    private mutating func completeWarmUp(final: Bool, into output: inout DecoderOutput) {
        let count = warmUpReal[0].count
        var candidates: [(model: TimingModel, marks: Int, consistency: Double, fit: Double)] = []
        let assumed: [Double] = configuration.speedWPM.map { [1.2 / $0] } ?? (0..<11).map { 0.024 * pow(1.25, Double($0)) }
        // Many trials land on the same filter: each filter's runs are found once.
        var runsByFilter: [Int: (runs: [KeyingRun], amplitudeToNoise: Double)] = [:]
        func trial(ditSeconds: Double) -> (runs: [KeyingRun], amplitudeToNoise: Double) {
            let key = filterLength(ditSeconds: ditSeconds) << 16 | minimumRunLength(ditSeconds: ditSeconds)
            if let known = runsByFilter[key] { return known }
            let found = provisionalRuns(ditSeconds: ditSeconds)
            runsByFilter[key] = found
            return found
        }
        func runs(ditSeconds: Double) -> [KeyingRun] { trial(ditSeconds: ditSeconds).runs }
        for dit in assumed {
            let (first, marks) = learnModel(from: runs(ditSeconds: dit))
            guard marks >= 1 else { continue }
            let runs = runs(ditSeconds: first.ditSeconds)
            let (refined, refinedMarks) = learnModel(from: runs)
            guard refinedMarks >= 1 else { continue }
            candidates.append((refined, refinedMarks, abs(log(first.ditSeconds / dit)), fitCost(of: runs, model: refined)))
        }
        let most = candidates.map(\.marks).max() ?? 0
        if !final && most < 8 && count < maximumWarmUpSamples { return }
        // A filter longer than the dit smears dits away and reads dahs as dits: the readings
        // it leaves (E, T, I, M…) fit well, but it finds far fewer marks than a matched one.
        // Noise read through too short a filter also finds many marks, but they read badly.
        let selfConsistentAll = candidates.filter { $0.consistency < log(1.35) }
        let bestFit = selfConsistentAll.map(\.fit).min() ?? 0
        let selfConsistent = selfConsistentAll.filter { $0.fit < bestFit + 1 }
        let mostConsistentMarks = selfConsistent.map(\.marks).max() ?? 0
        let consistent = selfConsistent.filter { Double($0.marks) >= 0.6 * Double(mostConsistentMarks) }
        if let best = consistent.min(by: { $0.fit < $1.fit }) ?? candidates.min(by: { $0.consistency < $1.consistency }) {
            model = best.model
        }
        if let speed = configuration.speedWPM { model.limitDit(toSpeedWPM: speed, factor: Self.speedHintFactor) }
        handSpread = Self.handSpread(of: runs(ditSeconds: model.ditSeconds), model: model, rate: rate)
        filterScale = sharpFilterScale(ditSeconds: model.ditSeconds)
        var live = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: filterLength(ditSeconds: model.ditSeconds),
            minimumRunLength: minimumRunLength(ditSeconds: model.ditSeconds),
            traceRangeSeconds: configuration.traceRangeSeconds, keepsEvidence: true)
        let runs = live.process(real: warmUpReal, imaginary: warmUpImaginary, range: 0..<count)
        pipeline = live
        warmUpReal = Array(repeating: [], count: configuration.channelCount)
        warmUpImaginary = Array(repeating: [], count: configuration.channelCount)
        for run in runs { handle(run, atEnd: false, into: &output) }
    }

    /// A strong signal does not need the full matched filter: a shorter one resolves the
    /// short gaps of an uneven fist that the longer one fills in. The noise is measured
    /// through a filter of a few milliseconds, where the keying's own smear cannot pass
    /// for noise (through a dit-long filter, gaps of a fist's short spaces never reach the
    /// floor), and the filter is made just long enough to bring the tone to
    /// `sharpSignalAmplitudeToNoise` times the noise's σ: averaging L samples divides the
    /// noise's power by L; another keyed tone nearby sets a longest bandwidth of its own.
    /// The result is a fraction of the 0.7-dit filter.
    ///
    /// Noise that comes and goes (someone talking, a voice's harmonics sweeping through
    /// the tone's band) is missed by the threshold's noise floor, which is taken where
    /// the band is quietest; the loudest key-up samples show it (see `burstNoiseDeviation`),
    /// and the larger of the two sets the filter.
    private func sharpFilterScale(ditSeconds: Double) -> Double {
        let fullLength = 0.7 * ditSeconds * rate
        let probeLength = Self.probeFilterSeconds * rate
        let count = warmUpReal[0].count
        var probe = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: max(1, Int(probeLength.rounded())), minimumRunLength: 1,
            traceRangeSeconds: 0...(Double(count) / rate))
        _ = probe.process(real: warmUpReal, imaginary: warmUpImaginary, range: 0..<count)
        _ = probe.finish()
        guard let levels = probe.threshold.levels, levels.noiseDeviation > 0 else { return 1 }
        let noise = max(levels.noiseDeviation, Self.burstNoiseDeviation(probe.trace, edgeSamples: Int(probeLength.rounded()) + 2))
        let amplitudeToNoise = levels.markLevel / noise
        var neededLength = probeLength * pow(Self.sharpSignalAmplitudeToNoise / amplitudeToNoise, 2)
        // The probe sees only noise. Another station passes a moving average of T seconds
        // at 1/(π·Δf·T) of its amplitude once Δf·T > 1: T = 2/Δf keeps it 16 dB down or more,
        // with the baseband low-pass adding its own attenuation beyond 100 Hz.
        let rivalOffsetsHz = configuration.rivalTonesHz.map { abs($0 - configuration.toneHz) }
        if let nearestHz = rivalOffsetsHz.min(), nearestHz > 0 {
            neededLength = max(neededLength, 2 / nearestHz * rate)
        }
        var scale = min(1, max(Self.shortestFilterScale, neededLength / fullLength))
        // Bursts that come and go (talk, music) pass a short filter as marks far shorter than a
        // dit, which no fist keys: while they do, the filter is lengthened.
        while scale < 1 && shortMarkShare(ditSeconds: ditSeconds, scale: scale) > Self.largestShortMarkShare {
            scale = min(1, scale * 2)
        }
        return scale
    }

    /// The share of the warm-up's marks, read through a filter of `scale` times the full
    /// length, that last under `shortMarkDits` of a dit.
    private func shortMarkShare(ditSeconds: Double, scale: Double) -> Double {
        var pipeline = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: max(1, Int((0.7 * scale * ditSeconds * rate).rounded())),
            minimumRunLength: max(1, Int((0.3 * scale * ditSeconds * rate).rounded())))
        let count = warmUpReal[0].count
        let runs = pipeline.process(real: warmUpReal, imaginary: warmUpImaginary, range: 0..<count) + pipeline.finish()
        let marks = runs.dropFirst().dropLast().filter(\.isMark)
        guard !marks.isEmpty else { return 0 }
        let short = marks.filter { Double($0.lengthSamples) / rate < Self.shortMarkDits * ditSeconds }.count
        return Double(short) / Double(marks.count)
    }

    /// A mark shorter than this many dits is no keyed element: a jittery fist's dits come
    /// under it about once in a hundred marks.
    static let shortMarkDits = 0.4
    /// The share of such marks above which the filter is lengthened.
    static let largestShortMarkShare = 0.08

    /// The σ of Gaussian noise whose 95th percentile matches the key-up envelope's, away from
    /// the marks' edges (Rayleigh: the 95th percentile is σ·√(2·ln 20) = 2.45σ); 0 when too
    /// few key-up samples are known. For steady noise this is the noise's own σ; bursts of
    /// talk or music between the marks make it larger.
    static func burstNoiseDeviation(_ trace: [TracePoint], edgeSamples: Int) -> Double {
        var sinceMark = Array(repeating: Int.max, count: trace.count)
        var last: Int?
        for (index, point) in trace.enumerated() {
            if point.keyDown { last = index }
            if let last { sinceMark[index] = index - last }
        }
        var quiet: [Double] = []
        var next: Int?
        for index in trace.indices.reversed() {
            if trace[index].keyDown { next = index }
            let untilMark = next.map { $0 - index } ?? Int.max
            if min(sinceMark[index], untilMark) > edgeSamples { quiet.append(trace[index].envelope) }
        }
        guard quiet.count >= 50 else { return 0 }
        let high = quiet.withUnsafeMutableBufferPointer { quickSelect($0, Int(Double($0.count - 1) * 0.95)) }
        return high / (2 * log(20.0)).squareRoot()
    }

    /// Tone amplitude over noise σ the matched filter must reach: 20 is 23 dB in the
    /// filter's band, far from any error.
    static let sharpSignalAmplitudeToNoise = 20.0
    /// Length of the filter the noise is measured through.
    static let probeFilterSeconds = 0.008
    /// The shortest filter, as a fraction of the full one (0.7 of a dit): 0.2 is 8 ms at 20 WPM.
    static let shortestFilterScale = 0.2

    /// A mark shorter than this share of the dit, alone between long spaces, is not read (a
    /// real E or T is a whole dit or dah).
    static let shortestLoneMarkDits = 0.5
    /// ...where noise can make such marks at all: a clean signal's short dits are keying (an
    /// uneven hand keys an E of half a dit now and then).
    static let loneMarksBelowDB = 20.0

    /// A speed given with the recording bounds the dit learned to this factor either way.
    static let speedHintFactor = 1.5

    /// How far the warm-up's marks lie from the dit or dah nearest them, in log seconds (the
    /// median distance, scaled to a normal law's σ): 0.05 or less for a machine, 0.3 for a hand
    /// that varies by 30 %.
    static func handSpread(of runs: [KeyingRun], model: TimingModel, rate: Double) -> Double {
        let residuals = runs.dropFirst().dropLast().filter(\.isMark).map { run -> Double in
            let logSeconds = log(Double(run.lengthSamples) / rate)
            return min(abs(logSeconds - model.ditLog), abs(logSeconds - model.dahLog))
        }.sorted()
        guard !residuals.isEmpty else { return 0.2 }
        return min(0.45, max(0.03, 1.4826 * residuals[residuals.count / 2]))
    }

    /// A mark shorter than this share of the dit is a click or a static crash: no fist keys it...
    static let shortestMarkDits = 1.0 / 3.0
    /// ...nor one this many of the hand's spreads (`handSpread`) below the dit: a hand whose
    /// dits vary by 30 % keys some of a quarter of a dit, and those are keying.
    static let clickSpreads = 6.0
    static let loneMarkSpreads = 4.0

    /// Below this SNR (in 500 Hz) the segmenter is told how long marks and spaces last.
    static let durationPriorBelowDB = 1.5

    private func filterLength(ditSeconds: Double) -> Int {
        max(1, Int((0.7 * filterScale * ditSeconds * rate).rounded()))
    }

    private func minimumRunLength(ditSeconds: Double) -> Int {
        max(1, Int((0.3 * filterScale * ditSeconds * rate).rounded()))
    }

    private mutating func feed(real: [[Float]], imaginary: [[Float]], range: Range<Int>, into output: inout DecoderOutput) {
        guard var pipeline = pipeline.take() else { return }
        let runs = pipeline.process(real: real, imaginary: imaginary, range: range)
        self.pipeline = pipeline
        for run in runs { handle(run, atEnd: false, into: &output) }
    }

    // MARK: - Marks and spaces to characters

    private var stuckLimitSeconds: Double { max(2.0, 8 * model.dahSeconds) }

    private func seconds(_ sample: Int) -> Double {
        let filterDelay = Double((pipeline?.filterLength ?? 1) - 1) / (2 * rate)
        return max(0, Double(sample) / rate - filterDelay - delaySeconds)
    }

    private mutating func handle(_ run: KeyingRun, atEnd: Bool, into output: inout DecoderOutput) {
        var start = seconds(run.startSample)
        var duration = Double(run.lengthSamples) / rate
        if run.isMark {
            if duration > stuckLimitSeconds {
                flushWord(endingGap: nil, into: &output)
                output.stuckKeys.append(StuckKey(startSeconds: start, durationSeconds: duration, lastsToEnd: atEnd))
                return
            }
            // A click or a static crash: it and the spaces either side of it are one space.
            if duration < model.ditSeconds * min(Self.shortestMarkDits, exp(-Self.clickSpreads * handSpread)) {
                if wordGaps.count == wordMarks.count, let gap = wordGaps.popLast() {
                    carriedGap = (gap.startSeconds, gap.durationSeconds + duration)
                }
                return
            }
            // A lone mark cut by the end of the recording may be anything: it is not read.
            if atEnd && wordMarks.isEmpty { return }
            if wordMarks.isEmpty { wordStartsRecording = run.startSample <= pipeline?.filterLength ?? 0 }
            wordMarks.append((start, duration))
            return
        }
        if let carried = carriedGap.take() {
            start = carried.startSeconds
            duration += carried.durationSeconds
        }
        guard !wordMarks.isEmpty else { return }
        if model.isWordGap(seconds: duration) {
            // Likewise a lone mark cut by the start of the recording.
            if wordStartsRecording && wordMarks.count == 1 {
                wordMarks.removeAll()
                wordGaps.removeAll()
                return
            }
            flushWord(endingGap: (start, duration), into: &output)
        } else {
            wordGaps.append((start, duration))
            if wordMarks.count >= 80 { flushWord(endingGap: nil, into: &output) }
        }
    }

    /// A mark far shorter than a dit with no mark near it on either side (spaces of a
    /// character gap or more, or the word's ends) is a burst of noise in a long space: it and
    /// the spaces either side of it are one space.
    private mutating func dropLoneShortMarks() {
        guard let signalToNoiseDB, signalToNoiseDB < Self.loneMarksBelowDB else { return }
        let shortest = model.ditSeconds * min(Self.shortestLoneMarkDits, exp(-Self.loneMarkSpreads * handSpread))
        let apart = exp(0.5 * (model.intraCharacterLog + model.characterLog))
        var index = 0
        while index < wordMarks.count {
            let mark = wordMarks[index]
            let spaceBefore = index == 0 || wordGaps[index - 1].durationSeconds > apart
            let spaceAfter = index == wordMarks.count - 1 || wordGaps[index].durationSeconds > apart
            guard mark.durationSeconds < shortest, spaceBefore, spaceAfter else {
                index += 1
                continue
            }
            let hasBefore = index > 0, hasAfter = index < wordMarks.count - 1
            wordMarks.remove(at: index)
            if hasBefore && hasAfter {
                let before = wordGaps[index - 1], after = wordGaps.remove(at: index)
                wordGaps[index - 1] = (before.startSeconds, before.durationSeconds + mark.durationSeconds + after.durationSeconds)
            } else if hasBefore {
                wordGaps.remove(at: index - 1)
            } else if hasAfter {
                wordGaps.remove(at: index)
            }
        }
    }

    private mutating func flushWord(endingGap: (startSeconds: Double, durationSeconds: Double)?, into output: inout DecoderOutput) {
        defer {
            wordMarks.removeAll(keepingCapacity: true)
            wordGaps.removeAll(keepingCapacity: true)
        }
        // A trailing gap that is not a word gap belongs to nothing.
        wordGaps = Array(wordGaps.prefix(max(0, wordMarks.count - 1)))
        dropLoneShortMarks()
        let gaps = wordGaps
        guard !wordMarks.isEmpty else { return }
        let markLogs = wordMarks.map { log(max($0.durationSeconds, 1e-4)) }
        let gapLogs = gaps.map { log(max($0.durationSeconds, 1e-4)) }
        let readings = assembler.read(markLogs: markLogs, gapLogs: gapLogs, model: model)
        let learning = model
        for (readingIndex, reading) in readings.enumerated() {
            let first = reading.marks.lowerBound
            if first > 0 {
                let gap = TimedGap(gap: .character, startSeconds: gaps[first - 1].startSeconds, durationSeconds: gaps[first - 1].durationSeconds)
                output.gaps.append(gap)
                statistics.add(gap)
                model.learn(gapLog: gapLogs[first - 1], as: .character)
            }
            for (offset, index) in reading.marks.enumerated() {
                if offset > 0 {
                    let gap = TimedGap(
                        gap: .intraCharacter, startSeconds: gaps[index - 1].startSeconds, durationSeconds: gaps[index - 1].durationSeconds)
                    output.gaps.append(gap)
                    statistics.add(gap)
                    if reading.text != "*" { model.learn(gapLog: gapLogs[index - 1], as: .intraCharacter) }
                }
                let element = TimedElement(
                    element: reading.elements[offset], startSeconds: wordMarks[index].startSeconds, durationSeconds: wordMarks[index].durationSeconds)
                output.elements.append(element)
                statistics.add(element)
                if reading.text != "*" { model.learn(markLog: markLogs[index], as: element.element) }
            }
            let last = reading.marks.upperBound - 1
            output.characters.append(
                DecodedCharacter(
                    text: reading.text, elements: reading.elements,
                    startSeconds: wordMarks[first].startSeconds,
                    endSeconds: wordMarks[last].startSeconds + wordMarks[last].durationSeconds,
                    startsWord: readingIndex == 0 && hasEmittedCharacter, isAmbiguous: reading.isAmbiguous))
            hasEmittedCharacter = true
        }
        if let endingGap {
            let gap = TimedGap(gap: .word, startSeconds: endingGap.startSeconds, durationSeconds: endingGap.durationSeconds)
            output.gaps.append(gap)
            // A long pause is not a word gap of the sender's rhythm.
            if endingGap.durationSeconds < 3 * exp(learning.wordLog) {
                statistics.add(gap)
                model.learn(gapLog: log(endingGap.durationSeconds), as: .word)
            }
        }
        followSpeed()
    }

    private mutating func followSpeed() {
        let signalToNoiseDB = signalToNoiseDB
        guard var pipeline = pipeline.take() else { return }
        let target = filterLength(ditSeconds: model.ditSeconds)
        if abs(Double(target - pipeline.filterLength)) > 0.15 * Double(pipeline.filterLength) {
            pipeline.setFilterLength(target)
            pipeline.setMinimumRunLength(minimumRunLength(ditSeconds: model.ditSeconds))
        }
        if let signalToNoiseDB, signalToNoiseDB < Self.durationPriorBelowDB {
            pipeline.setDurationPrior(SegmentDurationPrior(model: model, rate: rate))
        }
        self.pipeline = pipeline
    }
}
