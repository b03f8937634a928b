import Foundation
import KochCore

/// Finds the keyed tone in a recording, fed block by block with bounded memory.
///
/// Each channel is decimated to about 6 kHz and cut into Hann-windowed frames
/// of about 40 ms with quarter-frame hops; the power of every FFT bin between
/// the search limits goes into a histogram of 0.5 dB steps. A keyed tone's
/// histogram has two modes (key down, key up); noise, hum and a steady carrier
/// have one. Candidates are ranked by *keyedness*, the distance in dB
/// between the 95th and the 10th percentile, not by energy, so that a loud
/// carrier or hum does not capture the decoder. The 10th percentile (not a
/// higher one) still falls in the key-up time of fast keying at standard
/// spacing, where the key is down more than half the time.
///
/// Talk, music and noise bursts are keyed too, but a keyed Morse tone is
/// also *steady*: while it sounds, its pitch stays put from one frame to the
/// next, where a voice's harmonics glide with its intonation. Each frame's
/// pitch near every bin is measured in a frame twice as long around it
/// (parabolic interpolation over half bins, so that a carrier 50 Hz away
/// does not pull it); the share of a bin's loudest frames (within 6 dB of its
/// key-down level, so that a tone's faded stretches do not count against it)
/// whose peak moved less than 1 Hz since the frame before is its *steadiness*.
/// Noise moves the peak, so a tone's steadiness grows with its keyedness,
/// from noise's own to 0.8 and more once the tone is keyed clearly
/// (`expectedSteadiness`); the harmonics of speech, however clearly keyed,
/// stay far below what their keyedness predicts.
/// A candidate's *tonality* is its steadiness against what its keyedness
/// predicts (`expectedSteadiness`, at most 1); its *score*, by which
/// candidates are ranked, is its keyedness lowered by 20·log10 of the
/// tonality. A pitch of tonality under 0.6 is no Morse tone and is not a
/// candidate. Where a pitch keyed 25 dB or more is that unsteady (talk), a
/// pitch keyed less clearly is not taken either: a voice's weaker harmonics
/// can look steady for a while.
///
/// The frequency is refined by parabolic interpolation of the key-down level
/// over neighbouring bins. Each second's loudest level per half bin is kept
/// (about 1.5 MB an hour), so that a tone that drifts can be followed
/// (`ToneTrack`) once the search knows which tone it is.
public struct ToneFinder: Sendable {
    public let sampleRate: Int
    public let channelCount: Int
    public let searchRangeHz: ClosedRange<Double>
    /// Below this keyedness a bin is taken for noise (white noise gives about 10 dB).
    public static let minimumKeyednessDB = 12.0
    /// A candidate whose tonality is below this is a voice, music or a noise burst, not a keyed tone.
    public static let minimumTonality = 0.6
    /// Keyed this clearly, a tone's steadiness is sure to show (0.8 or more): an unsteady pitch keyed so is talk.
    public static let clearKeyednessDB = 25.0
    /// Candidates whose scores lie within this many dB of each other, and whose key-down
    /// levels lie within `nearTieLevelDB`, are a near tie: a station 10 dB quieter than the
    /// sidetone is keyed as clearly, but is not the one the phone was put beside.
    public static let nearTieDB = 3.0
    public static let nearTieLevelDB = 6.0
    /// A harmonic's pitch lies within this many hertz per multiple of the multiple of its
    /// fundamental's: a distorted or square-wave oscillator's harmonics lie a little off their
    /// exact multiples, while a note of music struck near an octave below a keyed tone (which
    /// the search finds keyed by its beat) lies further off, and is not the tone's fundamental.
    public static let harmonicToleranceHzPerMultiple = 3.0
    /// The fundamental of a keyed harmonic series is taken for the tone when it scores within this of the harmonic.
    public static let harmonicWithinDB = 12.0
    /// A frame's peak that moved less than this since the frame before is steady.
    static let steadyStepHz = 1.0
    /// The frames whose steadiness is measured lie within this many dB of the key-down level.
    static let steadinessSpanDB = 6.0
    /// A keyed bin this far below the loudest bin keyed at all is its splash.
    public static let splashBelowSourceDB = 30.0
    /// A steady carrier's level hardly moves (under 3 dB between its 25th and 95th percentile).
    static let keyedAtAllDB = 5.0

    static let floorDB = -160.0
    static let stepDB = 0.5
    static let histogramBins = 400
    /// A power's step in the histograms.
    private static let levelSteps = LevelSteps(floorDB: floorDB, stepDB: stepDB, count: histogramBins)

    /// Decimation, for `process(_:)`.
    private var intake: ToneFinderIntake
    let decimatedRate: Double
    private var pending: [[Float]]
    /// The short frames' length, a power of two (their spectrum is the long frames' every other bin).
    let frameLength: Int
    /// Each frame's spectrum, measured on every core.
    let spectrum: FrameSpectrum
    let firstBin: Int
    let lastBin: Int
    let binHz: Double
    /// [channel][(bin - firstBin + 1) × histogramBins + histogram step]; one extra bin each side for interpolation.
    private(set) var histograms: [[Int32]]
    /// Like `histograms`, counting only the frames whose peak near the bin was steady.
    private(set) var steadyHistograms: [[Int32]]
    /// [channel][bin - firstBin + 1]: the last frame's peak frequency near the bin, in bins.
    private var lastPeakBins: [[Double]]
    /// [channel]: each finished block's loudest level per half bin (of `FrameSpectrum.Levels.pitchPowers`), in dB, for `ToneTrack`.
    private(set) var blockLevelsDB: [[Float]]
    /// [channel]: the block being filled (its loudest power per half bin), and how many frames it holds.
    private var openBlockPowers: [[Double]]
    private(set) var openBlockFrames: [Int]
    let framesPerBlock: Int
    /// Blocks of the pitch track, in seconds.
    static let trackBlockSeconds = 1.0
    private var frameCounts: [Int]
    private(set) var measuredCounts: [Int]
    /// [channel]: the last frames' power per bin (`smoothingFrames` less one): the histogram
    /// takes the mean of a frame's and theirs, which narrows the spread of noise but not the keying.
    private var recentShortPowers: [[[Double]]]
    private static let smoothingFrames = 3
    private(set) var peakSample: Float = 0

    /// The pitches searched unless told otherwise, as far as the sample rate allows.
    public static func defaultSearchRangeHz(sampleRate: Int) -> ClosedRange<Double> {
        300...max(300, min(1500, CWDecoder.highestToneHz(sampleRate: sampleRate)))
    }

    public init(sampleRate: Int, channelCount: Int, searchRangeHz: ClosedRange<Double>? = nil) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        let searchRangeHz = searchRangeHz ?? Self.defaultSearchRangeHz(sampleRate: sampleRate)
        self.searchRangeHz = searchRangeHz
        intake = ToneFinderIntake(sampleRate: sampleRate, channelCount: channelCount)
        let rate = intake.outputRate
        decimatedRate = rate
        frameLength = FFT<Float>.length(atLeast: Int(rate * 0.032))
        let n = frameLength
        binHz = rate / Double(n)
        // Two bins beyond each limit are measured too, so that a tone on a limit still peaks inside.
        firstBin = max(1, Int((searchRangeHz.lowerBound / binHz).rounded(.up)) - 2)
        lastBin = min(n / 2 - 2, Int((searchRangeHz.upperBound / binHz).rounded(.down)) + 2)
        let bins = max(0, lastBin - firstBin + 3)
        histograms = Array(repeating: Array(repeating: 0, count: bins * Self.histogramBins), count: channelCount)
        steadyHistograms = histograms
        lastPeakBins = Array(repeating: Array(repeating: -1, count: bins), count: channelCount)
        spectrum = FrameSpectrum(frameLength: n, firstBin: firstBin, binCount: bins)
        blockLevelsDB = Array(repeating: [], count: channelCount)
        openBlockPowers = Array(repeating: Array(repeating: 0, count: 2 * (bins + 2)), count: channelCount)
        openBlockFrames = Array(repeating: 0, count: channelCount)
        framesPerBlock = max(1, Int((Self.trackBlockSeconds * rate / Double(n / 4)).rounded()))
        frameCounts = Array(repeating: 0, count: channelCount)
        measuredCounts = Array(repeating: 0, count: channelCount)
        recentShortPowers = Array(repeating: [], count: channelCount)
        pending = Array(repeating: [], count: channelCount)
    }

    /// Takes one block, one array per channel.
    public mutating func process(_ channels: [[Float]]) {
        process(decimated: intake.process(channels))
    }

    /// Takes one block as the intake made it (`ToneFinderIntake`, run over the samples in
    /// order, perhaps on another core). Its frames are measured once enough samples wait
    /// (`batchSamples`): the frames are the same whatever the blocks, and fewer, larger
    /// batches keep both cores busy.
    public mutating func process(decimated block: DecimatedBlock) {
        peakSample = max(peakSample, block.peakSample)
        for channel in 0..<min(channelCount, block.channels.count) { pending[channel] += block.channels[channel] }
        if pending.contains(where: { $0.count >= batchSamples }) { measurePending() }
    }

    /// Decimated samples that wait before their frames are measured: about four seconds.
    private var batchSamples: Int { 64 * frameLength }

    /// Measures every whole frame waiting in each channel, the channels' frames on every core at once.
    mutating func measurePending() {
        let n = frameLength
        let starts = pending.map { Array(stride(from: 0, through: $0.count - 2 * n, by: n / 4)) }
        let measured = spectrum.measure(pending, starts: starts)
        for channel in 0..<channelCount {
            let frames = measured[channel]
            count(frames, channel: channel)
            for levels in frames { holdBlockLevels(levels.pitchPowers, channel: channel) }
            // The first frames of the recording have too few before them to be counted.
            let uncounted = min(frames.count, max(0, Self.smoothingFrames - 1 - frameCounts[channel]))
            measuredCounts[channel] += frames.count - uncounted
            frameCounts[channel] += frames.count
            recentShortPowers[channel] = Array((recentShortPowers[channel] + frames.map(\.shortPowers)).suffix(Self.smoothingFrames - 1))
            if let last = starts[channel].last { pending[channel].removeFirst(last + n / 4) }
        }
    }

    /// Counts frames into the channel's histograms: in each bin, each frame's histogram step (the
    /// level of its power averaged with the frames before it, from the third frame of the
    /// recording on), in the steady histogram too where its peak near the bin moved less than
    /// `steadyStepHz` since the frame before. The powers are summed in the order a ring of
    /// `smoothingFrames` slots would hold them (the frame's number modulo that), as the search
    /// has always summed them.
    private mutating func count(_ frames: [FrameSpectrum.Levels], channel: Int) {
        let earlier = recentShortPowers[channel]
        let ring = Self.smoothingFrames, binHz = binHz, levelSteps = Self.levelSteps
        let binCount = lastPeakBins[channel].count
        for (index, levels) in frames.enumerated() {
            let frame = frameCounts[channel] + index
            let counted = frame + 1 >= ring
            // The frames summed (of the earlier ones and these), in the ring's order.
            let summed = (0..<(counted ? ring : 0)).map { slot in
                let at = index + earlier.count - (frame - slot) % ring
                return at < earlier.count ? earlier[at] : frames[at - earlier.count].shortPowers
            }
            for bin in 0..<binCount {
                let peak = levels.peakBins[bin], last = lastPeakBins[channel][bin]
                let steady = last >= 0 && abs(peak - last) * binHz < Self.steadyStepHz
                lastPeakBins[channel][bin] = peak
                guard counted else { continue }
                var sum = 0.0
                for powers in summed { sum += powers[bin] }
                let place = bin * Self.histogramBins + levelSteps.step(ofPower: max(sum / Double(ring), FrameSpectrum.smallestPower))
                histograms[channel][place] += 1
                if steady { steadyHistograms[channel][place] += 1 }
            }
        }
    }

    /// Keeps the loudest level of each half bin over the block, and closes the block when full.
    private mutating func holdBlockLevels(_ pitchPowers: [Double], channel: Int) {
        openBlockPowers[channel].withUnsafeMutableBufferPointer { open in
            for (index, power) in pitchPowers.enumerated() { open[index] = max(open[index], power) }
        }
        openBlockFrames[channel] += 1
        if openBlockFrames[channel] == framesPerBlock {
            blockLevelsDB[channel] += openBlockLevelsDB(channel: channel)
            for index in openBlockPowers[channel].indices { openBlockPowers[channel][index] = 0 }
            openBlockFrames[channel] = 0
        }
    }

    /// The block being filled, its loudest level per half bin in dB (at least `floorDB`).
    func openBlockLevelsDB(channel: Int) -> [Float] {
        openBlockPowers[channel].map { Float(max(Self.floorDB, FrameSpectrum.level(ofPower: max($0, FrameSpectrum.smallestPower)))) }
    }
}
