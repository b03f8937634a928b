import Foundation
import KochCore

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
/// Where the warm-up hears a room's echo (or reads the level badly), it also
/// tries the baseband with the echo's tail taken out
/// (`ReverberationSuppressor`) and the keying read from the key's steps
/// (`TransitionLatch`), and goes on with the reading whose timing reads best.
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
    private let assembler: CharacterAssembler
    /// 1 for the full matched filter (0.7 of a dit), less for a strong signal (see `sharpFilterScale`).
    private var filterScale = 1.0
    /// How unevenly the sender keys (`handSpread`), measured in the warm-up.
    private var handSpread = 0.2
    /// Whether talk or music sounded through the tone's filter in the warm-up.
    private var talkHeard = false

    /// A room's late reverberation, taken out of the baseband when the warm-up found it (see `completeWarmUp`).
    private var suppressor: ReverberationSuppressor?
    /// Where a room's echo swamps the marks, the keying read from the key's steps instead (see `stepsSettled`).
    private var latch: TransitionLatch?
    /// The channel the latch reads.
    private var latchChannel = 0

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
        assembler = CharacterAssembler(prior: configuration.characterPrior)
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
        if var latch = latch.take() {
            let levels = latch.process(real: blockReal[latchChannel].prefix(count), imaginary: blockImaginary[latchChannel].prefix(count))
            self.latch = latch
            feedLatched(levels, into: &output)
        } else if var suppressor = suppressor.take() {
            var real = blockReal, imaginary = blockImaginary
            suppressor.process(real: &real, imaginary: &imaginary, weights: weights, range: 0..<count)
            self.suppressor = suppressor
            feed(real: real, imaginary: imaginary, range: 0..<count, into: &output)
        } else {
            feed(real: blockReal, imaginary: blockImaginary, range: 0..<count, into: &output)
        }
        return output
    }

    /// Decodes what is still held at the end of the recording.
    public mutating func finish() -> DecoderOutput {
        var output = DecoderOutput()
        if pipeline == nil { completeWarmUp(final: true, into: &output) }
        if var latch = latch.take() {
            feedLatched(latch.finish(), into: &output)
        }
        // Taken out of self while it changes, so that its growing evidence is never copied.
        guard var pipeline = pipeline.take() else { return output }
        let runs = pipeline.finish()
        output.offPitchMarks = pipeline.offPitchMarks
        self.pipeline = pipeline
        for run in runs { handle(run, atEnd: run.endSample >= pipeline.decisionCount, into: &output) }
        flushWord(endingGap: nil, into: &output)
        return output
    }

    /// Whether the warm-up heard a room's echo trailing the marks and takes it out.
    public var takesOutRoomEcho: Bool { suppressor != nil }

    /// Whether the keying is read from the key's steps (`TransitionLatch`), past a room's echo.
    public private(set) var readsKeySteps = false

    /// Whether the warm-up heard a room's echo after its marks, standing well over the room's
    /// quiet (`ReverberationSuppressor.Tail.isEchoHeard`), whether or not taking it out read better.
    public private(set) var heardRoomEcho = false

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
    /// of the threshold; nil if nothing was keyed, or where the keying is read from the key's
    /// steps (the latch's envelope holds no noise to measure: the recording's is not known),
    /// 60 at most. Every choice it steers is made alike for nil and for 60.
    public var signalToNoiseDB: Double? {
        guard !readsKeySteps, let pipeline, pipeline.threshold.activeWindows > 0 else { return nil }
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

    /// Once the warm-up has heard enough (see `WarmUpSearch`), settles the speed, the hand's
    /// spread and the filter, and reads the warm-up's samples through the live pipeline.
    private mutating func completeWarmUp(final: Bool, into output: inout DecoderOutput) {
        let isFinal = final || warmUpReal[0].count >= maximumWarmUpSamples
        let search = WarmUpSearch(
            configuration: configuration, rate: rate, weights: weights, real: warmUpReal, imaginary: warmUpImaginary, assembler: assembler)
        guard var settled = search.settle(final: isFinal, current: model) else { return }
        let tail = ReverberationSuppressor.measuredTail(
            real: warmUpReal, imaginary: warmUpImaginary, weights: weights, runs: settled.runs,
            filterLength: WarmUpSearch.filterLength(ditSeconds: settled.model.ditSeconds, rate: rate), rate: rate)
        heardRoomEcho = tail?.isEchoHeard ?? false
        // Up to three readings of the warm-up, by how well each model reads its runs (lower is
        // better): the level as heard; with a room's tail taken out (`roomSettled`); and, where
        // a room's echo was heard or the level reads badly, from the key's steps (`stepsSettled`).
        let plainFit = search.fitCost(of: settled.runs, model: settled.model)
        let steps = heardRoomEcho || plainFit > Self.poorFitCost ? stepsSettled(final: isFinal) : nil
        var bestFit = plainFit
        if let tail, let room = roomSettled(than: settled, fit: plainFit, tail: tail, final: isFinal) {
            settled = room.settled
            suppressor = room.suppressor
            bestFit = room.fit
            warmUpReal = room.real
            warmUpImaginary = room.imaginary
        }
        if let steps, steps.fit < bestFit - (heardRoomEcho ? Self.stepsFitGain : Self.unheardStepsFitGain) {
            settled = steps.settled
            suppressor = nil
            latch = steps.latch
            latchChannel = steps.channel
            readsKeySteps = true
            warmUpReal = steps.real
            warmUpImaginary = steps.imaginary
        }
        model = settled.model
        handSpread = settled.handSpread
        filterScale = settled.filterScale
        talkHeard = settled.talkHeard
        // The tone's phase is learned over the warm-up first, so that its first marks are judged by
        // it too (talk before the keying began made marks the phase passes over). It goes over
        // every warm-up: the warm-up's own trials, through another filter, may hear no talk where
        // it does. Where the tone search heard talk, the phase judges from the start
        // (`DecoderConfiguration.talkHeard`).
        var primer = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: filterLength(ditSeconds: model.ditSeconds),
            minimumRunLength: minimumRunLength(ditSeconds: model.ditSeconds), ditSeconds: model.ditSeconds, phase: TonePhase(),
            talkHeardBefore: configuration.talkHeard)
        _ = primer.process(real: warmUpReal, imaginary: warmUpImaginary, range: 0..<warmUpReal[0].count)
        var live = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: filterLength(ditSeconds: model.ditSeconds),
            minimumRunLength: minimumRunLength(ditSeconds: model.ditSeconds), ditSeconds: model.ditSeconds,
            traceRangeSeconds: configuration.traceRangeSeconds, keepsEvidence: true,
            phase: primer.phase?.primed, talkHeardBefore: primer.talkHeard)
        let runs = live.process(real: warmUpReal, imaginary: warmUpImaginary, range: 0..<warmUpReal[0].count)
        pipeline = live
        warmUpReal = Array(repeating: [], count: configuration.channelCount)
        warmUpImaginary = Array(repeating: [], count: configuration.channelCount)
        for run in runs { handle(run, atEnd: false, into: &output) }
    }

    /// Where the warm-up's marks trail off as a room's reverberation does, the warm-up is tried
    /// again with the tail taken out (`ReverberationSuppressor`), and kept if its timing then
    /// reads clearly better (`roomFitGain`), or finds far more marks (`roomMarkGain`: marks
    /// the tail ran together, which read well enough as long ones) and reads not much worse;
    /// with the warm-up's samples as it leaves them, and its state to go on with.
    ///
    /// A room's tail is not always seen trailing off: a phone's automatic gain lifts the gaps,
    /// so that the power 80–110 ms after the marks can stand as high as 10–40 ms after. It is
    /// tried too where the warm-up's timing reads badly (`poorFitCost`) although its gaps lie
    /// well below its marks (`clearGapShare`), which noise does not explain. `tail` is the
    /// warm-up's as `ReverberationSuppressor.measuredTail` measured it; `plainFit` is the fit
    /// cost of the plain reading's runs.
    private func roomSettled(
        than plain: WarmUpSearch.Settled, fit plainFit: Double, tail: ReverberationSuppressor.Tail, final: Bool
    ) -> (
        settled: WarmUpSearch.Settled, suppressor: ReverberationSuppressor, fit: Double, real: [[Float]], imaginary: [[Float]]
    )? {
        let readsPoorlyInTheClear = tail.early < Self.clearGapShare && plainFit > Self.poorFitCost
        guard tail.isRoomTail || readsPoorlyInTheClear else { return nil }
        var suppressor = ReverberationSuppressor(
            tailShare: ReverberationSuppressor.roomTailShare, decaySeconds: ReverberationSuppressor.roomDecaySeconds, rate: rate)
        var real = warmUpReal, imaginary = warmUpImaginary
        suppressor.process(real: &real, imaginary: &imaginary, weights: weights, range: 0..<real[0].count)
        let search = WarmUpSearch(configuration: configuration, rate: rate, weights: weights, real: real, imaginary: imaginary, assembler: assembler)
        guard let settled = search.settle(final: final, current: model) else { return nil }
        let fit = search.fitCost(of: settled.runs, model: settled.model)
        let marks = settled.runs.count(where: \.isMark), plainMarks = plain.runs.count(where: \.isMark)
        let readsBetter = fit < plainFit - Self.roomFitGain
        let findsMarksRunTogether = Double(marks) >= Self.roomMarkGain * Double(plainMarks) && fit < plainFit + Self.roomFitLoss
        guard readsBetter || findsMarksRunTogether else { return nil }
        return (settled, suppressor, fit, real, imaginary)
    }

    /// The warm-up read again from the key's steps (`TransitionLatch`), on the channel weighed
    /// most; nil where the steps do not keep one direction. With its fit cost, the latch's output for the warm-up's samples (on every
    /// channel; the last few are still held by the latch) and the latch to go on with.
    private func stepsSettled(final: Bool) -> (
        settled: WarmUpSearch.Settled, fit: Double, latch: TransitionLatch, channel: Int, real: [[Float]], imaginary: [[Float]]
    )? {
        let channel = weights.indices.max { weights[$0] < weights[$1] } ?? 0
        guard var latch = TransitionLatch.learn(real: warmUpReal[channel], imaginary: warmUpImaginary[channel], rate: rate) else {
            return nil
        }
        let (real, imaginary) = latched(latch.process(real: warmUpReal[channel][...], imaginary: warmUpImaginary[channel][...]))
        let search = WarmUpSearch(configuration: configuration, rate: rate, weights: weights, real: real, imaginary: imaginary, assembler: assembler)
        guard let settled = search.settle(final: final, current: model) else { return nil }
        return (settled, search.fitCost(of: settled.runs, model: settled.model), latch, channel, real, imaginary)
    }

    /// How much better (lower) the warm-up's fit cost must be read from the key's steps, where
    /// a room's echo was heard...
    static let stepsFitGain = 0.2
    /// ...and where it was not, but the warm-up read badly (`poorFitCost`): a room can hide its
    /// echo from `ReverberationSuppressor.measuredTail` when the marks themselves read wrong.
    /// A dry, uneven fist read from its steps fits a little better, yet reads worse as
    /// characters; an echoing room whose echo was not heard fits far better.
    static let unheardStepsFitGain = 1.0

    /// The latch's output as baseband on every channel (its imaginary part 0).
    private func latched(_ levels: [Float]) -> (real: [[Float]], imaginary: [[Float]]) {
        (
            Array(repeating: levels, count: configuration.channelCount),
            Array(repeating: [Float](repeating: 0, count: levels.count), count: configuration.channelCount)
        )
    }

    /// Feeds the latch's output on every channel.
    private mutating func feedLatched(_ levels: [Float], into output: inout DecoderOutput) {
        guard !levels.isEmpty else { return }
        let (real, imaginary) = latched(levels)
        feed(real: real, imaginary: imaginary, range: 0..<levels.count, into: &output)
    }

    /// A warm-up whose fit cost is above this reads badly: well above a clean fist's, and
    /// among the fits of a hand whose marks vary by 30 %.
    static let poorFitCost = 2.35
    /// ...while the power just after its marks is under this share of theirs (7 dB below):
    /// noise strong enough to make a fit read that badly fills the gaps more.
    static let clearGapShare = 0.2

    /// How much better (lower) the warm-up's fit cost must be with a room's tail taken out...
    static let roomFitGain = 0.2
    /// ...or how many times the marks it must find, its fit cost at most this much worse.
    static let roomMarkGain = 1.5
    static let roomFitLoss = 1.0

    /// A mark shorter than this share of the dit, alone between long spaces, is not read (a
    /// real E or T is a whole dit or dah).
    static let shortestLoneMarkDits = 0.5
    /// ...where noise can make such marks at all: a clean signal's short dits are keying (an
    /// uneven hand keys an E of half a dit now and then). Talk heard in the warm-up makes
    /// them too.
    static let loneMarksBelowDB = 20.0

    /// A mark shorter than this share of the dit is a click or a static crash: no fist keys it...
    static let shortestMarkDits = 1.0 / 3.0
    /// ...nor one this many of the hand's spreads (`handSpread`) below the dit: a hand whose
    /// dits vary by 30 % keys some of a quarter of a dit, and those are keying.
    static let clickSpreads = 6.0
    static let loneMarkSpreads = 4.0

    /// Below this SNR (in 500 Hz) the segmenter is told how long marks and spaces last.
    static let durationPriorBelowDB = 1.5

    private func filterLength(ditSeconds: Double) -> Int {
        WarmUpSearch.filterLength(ditSeconds: ditSeconds, rate: rate, scale: filterScale)
    }

    /// A filter lengthened past the full one for talk (`WarmUpSearch.talkFilterDits`) keeps the
    /// full filter's shortest run: a hand's short dits are still keying.
    private func minimumRunLength(ditSeconds: Double) -> Int {
        WarmUpSearch.minimumRunLength(ditSeconds: ditSeconds, rate: rate, scale: min(filterScale, 1))
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
        guard (talkHeard && !heardRoomEcho) || (signalToNoiseDB.map { $0 < Self.loneMarksBelowDB } ?? false) else { return }
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
        pipeline.setDit(seconds: model.ditSeconds)
        if let signalToNoiseDB, signalToNoiseDB < Self.durationPriorBelowDB {
            pipeline.setDurationPrior(SegmentDurationPrior(model: model, rate: rate))
        }
        self.pipeline = pipeline
    }
}
