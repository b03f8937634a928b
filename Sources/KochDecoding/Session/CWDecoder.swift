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
///
/// A live reading (`DecoderConfiguration.isLive`, `LiveDecoder`) warms up for
/// 2 to 12 seconds, or not at all when the speed is given, and shows each
/// character as soon as the space after it is long enough to end it (`CWDecoder+Live`).
public struct CWDecoder: Sendable {
    public let configuration: DecoderConfiguration
    /// The timing learned so far.
    public internal(set) var model: TimingModel
    public internal(set) var statistics = TimingStatistics()

    /// Decimation, baseband and carrier cancelling, for `process(_:)`.
    private var frontEnd: BasebandFrontEnd
    let weights: [Double]
    let rate: Double
    let delaySeconds: Double
    var pipeline: EnvelopePipeline?
    let assembler: CharacterAssembler
    /// 1 for the full matched filter (0.7 of a dit), less for a strong signal (see `sharpFilterScale`).
    var filterScale = 1.0
    /// How unevenly the sender keys (`handSpread`), measured in the warm-up.
    var handSpread = 0.2
    /// Whether talk or music sounded through the tone's filter in the warm-up.
    var talkHeard = false

    /// A room's late reverberation, taken out of the baseband when the warm-up found it (see `completeWarmUp`).
    var suppressor: ReverberationSuppressor?
    /// Where a room's echo swamps the marks, the keying read from the key's steps instead (see `stepsSettled`).
    var latch: TransitionLatch?
    /// The channel the latch reads.
    var latchChannel = 0

    var warmUpReal: [[Float]]
    var warmUpImaginary: [[Float]]
    let maximumWarmUpSamples: Int

    var wordMarks: [(startSeconds: Double, durationSeconds: Double)] = []
    /// The space before a click, which the space after it continues.
    var carriedGap: (startSeconds: Double, durationSeconds: Double)?
    /// Whether the word being read began with the recording (its first mark may be cut).
    var wordStartsRecording = false
    var wordGaps: [(startSeconds: Double, durationSeconds: Double)] = []
    var hasEmittedCharacter = false
    /// Live: the marks of the word going on were read at a space long enough to end a
    /// character; the space, once it ends, is a gap between characters or words.
    var awaitsGapAfterRead = false
    /// ...that space as far as it is known (a click inside it joins it to the space after).
    var gapAfterRead: (startSeconds: Double, durationSeconds: Double)?
    /// The next character goes on the word of the last (a gap between characters came after a live read).
    var continuesWord = false
    private var samplesIn = 0
    /// The warm-up is settled once it holds this many samples; tried again every `warmUpRetrySamples` after.
    private var nextWarmUpSamples: Int
    private let warmUpRetrySamples: Int

    public init(configuration: DecoderConfiguration) throws(DecoderError) {
        guard configuration.sampleRate >= Self.lowestSampleRate else { throw .sampleRateTooLow(configuration.sampleRate) }
        guard configuration.channelCount > 0 else { throw .noChannels }
        guard (100...Self.highestToneHz(sampleRate: configuration.sampleRate)).contains(configuration.toneHz) else {
            throw .toneOutOfRange(frequencyHz: configuration.toneHz, sampleRate: configuration.sampleRate)
        }
        if let speed = configuration.speedWPM, !DecoderConfiguration.speedRangeWPM.contains(speed) { throw .speedOutOfRange(speed) }
        self.configuration = configuration
        assembler = CharacterAssembler(prior: configuration.characterPrior)
        let channels = configuration.channelCount
        frontEnd = BasebandFrontEnd(configuration: configuration)
        rate = frontEnd.outputRate
        delaySeconds = frontEnd.delaySeconds + 0.0004
        var weights = configuration.channelWeights.count == channels ? configuration.channelWeights : Array(repeating: 1, count: channels)
        if !weights.contains(where: { $0 > 0 }) { weights = Array(repeating: 1, count: channels) }
        self.weights = weights
        model = TimingModel(ditSeconds: configuration.speedWPM.map(Timing.unitSeconds(wpm:)) ?? 0.06)
        warmUpReal = Array(repeating: [], count: channels)
        warmUpImaginary = Array(repeating: [], count: channels)
        let live = configuration.isLive
        nextWarmUpSamples = Int(rate * (live ? Self.liveWarmUpSeconds.lowerBound : 20))
        maximumWarmUpSamples = Int(rate * (live ? Self.liveWarmUpSeconds.upperBound : 60))
        warmUpRetrySamples = live ? Int(rate * Self.liveWarmUpRetrySeconds) : 0
        if live && configuration.speedWPM != nil { startWithoutWarmUp() }
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
            if warmUpReal[0].count >= nextWarmUpSamples {
                completeWarmUp(final: false, into: &output)
                nextWarmUpSamples = warmUpReal[0].count + warmUpRetrySamples
            }
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
    public internal(set) var readsKeySteps = false

    /// Whether the warm-up heard a room's echo after its marks, standing well over the room's
    /// quiet (`ReverberationSuppressor.Tail.isEchoHeard`), whether or not taking it out read better.
    public internal(set) var heardRoomEcho = false

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

    func filterLength(ditSeconds: Double) -> Int {
        WarmUpSearch.filterLength(ditSeconds: ditSeconds, rate: rate, scale: filterScale)
    }

    /// A filter lengthened past the full one for talk (`WarmUpSearch.talkFilterDits`) keeps the
    /// full filter's shortest run: a hand's short dits are still keying.
    func minimumRunLength(ditSeconds: Double) -> Int {
        WarmUpSearch.minimumRunLength(ditSeconds: ditSeconds, rate: rate, scale: min(filterScale, 1))
    }

    mutating func feed(real: [[Float]], imaginary: [[Float]], range: Range<Int>, into output: inout DecoderOutput) {
        guard var pipeline = pipeline.take() else { return }
        let runs = pipeline.process(real: real, imaginary: imaginary, range: range)
        self.pipeline = pipeline
        for run in runs { handle(run, atEnd: false, into: &output) }
    }
}
