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

    private static let floorDB = -160.0
    private static let stepDB = 0.5
    private static let histogramBins = 400
    /// A power's step in the histograms.
    private static let levelSteps = LevelSteps(floorDB: floorDB, stepDB: stepDB, count: histogramBins)

    /// Decimation, for `process(_:)`.
    private var intake: ToneFinderIntake
    private let decimatedRate: Double
    private var pending: [[Float]]
    /// The short frames' length, a power of two (their spectrum is the long frames' every other bin).
    private let frameLength: Int
    /// Each frame's spectrum, measured on every core.
    private let spectrum: FrameSpectrum
    private let firstBin: Int
    private let lastBin: Int
    private let binHz: Double
    /// [channel][(bin - firstBin + 1) × histogramBins + histogram step]; one extra bin each side for interpolation.
    private var histograms: [[Int32]]
    /// Like `histograms`, counting only the frames whose peak near the bin was steady.
    private var steadyHistograms: [[Int32]]
    /// [channel][bin - firstBin + 1]: the last frame's peak frequency near the bin, in bins.
    private var lastPeakBins: [[Double]]
    /// [channel]: each finished block's loudest level per half bin (of `FrameSpectrum.Levels.pitchPowers`), in dB, for `ToneTrack`.
    private var blockLevelsDB: [[Float]]
    /// [channel]: the block being filled (its loudest power per half bin), and how many frames it holds.
    private var openBlockPowers: [[Double]]
    private var openBlockFrames: [Int]
    private let framesPerBlock: Int
    /// Blocks of the pitch track, in seconds.
    static let trackBlockSeconds = 1.0
    private var frameCounts: [Int]
    private var measuredCounts: [Int]
    /// [channel]: the last frames' power per bin (`smoothingFrames` less one): the histogram
    /// takes the mean of a frame's and theirs, which narrows the spread of noise but not the keying.
    private var recentShortPowers: [[[Double]]]
    private static let smoothingFrames = 3
    private var peakSample: Float = 0

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
    private mutating func measurePending() {
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
    private func openBlockLevelsDB(channel: Int) -> [Float] {
        openBlockPowers[channel].map { Float(max(Self.floorDB, FrameSpectrum.level(ofPower: max($0, FrameSpectrum.smallestPower)))) }
    }

    /// The pitch of `tone` over the recording, or nil if it stays within a bin (a fixed tone serves).
    private func track(of tone: ToneCandidate) -> ToneTrack? {
        var levels = blockLevelsDB[tone.channel]
        if openBlockFrames[tone.channel] >= framesPerBlock / 4 { levels += openBlockLevelsDB(channel: tone.channel) }
        let halfBinHz = binHz / 2
        guard
            let track = ToneTrack.follow(
                levelsDB: levels, binCount: spectrum.pitchBinCount, firstBinHz: Double(2 * (firstBin - 2)) * halfBinHz, binHz: halfBinHz,
                blockSeconds: Double(framesPerBlock) * Double(frameLength / 4) / decimatedRate,
                startHz: tone.frequencyHz, onLevelDB: tone.onLevelDB)
        else { return nil }
        return track.spanHz > binHz ? track : nil
    }

    /// The share of a bin's loudest frames (within `steadinessSpanDB` of its key-down level, or
    /// above the middle of its two levels if that is higher) whose peak was steady. Only the
    /// loudest are taken so that a faded stretch, where noise moves the peak, does not count
    /// against a tone whose keyedness was measured at full strength.
    private func steadiness(channel: Int, slot: Int, on: Double, off: Double) -> Double {
        let lowest = max((on + off) / 2, on - Self.steadinessSpanDB)
        let middle = Int(((lowest - Self.floorDB) / Self.stepDB).rounded(.down))
        var frames: Int32 = 0, steady: Int32 = 0
        for step in max(0, middle)..<Self.histogramBins {
            frames += histograms[channel][slot * Self.histogramBins + step]
            steady += steadyHistograms[channel][slot * Self.histogramBins + step]
        }
        return frames > 0 ? Double(steady) / Double(frames) : 0
    }

    /// The steadiness a keyed tone of this keyedness shows: noise's own for a tone barely
    /// keyed, rising with the keyedness (a fit to keyed tones measured in noise).
    static func expectedSteadiness(keyednessDB: Double) -> Double {
        min(0.85, max(0.18, 0.18 + 0.045 * (keyednessDB - 10)))
    }

    private func percentileDB(channel: Int, slot: Int, fraction: Double) -> Double {
        let histogram = histograms[channel][(slot * Self.histogramBins)..<((slot + 1) * Self.histogramBins)]
        let target = Int32(Double(measuredCounts[channel]) * fraction)
        var cumulative: Int32 = 0
        for (step, count) in zip(0..., histogram) {
            cumulative += count
            if cumulative > target { return Self.floorDB + (Double(step) + 0.5) * Self.stepDB }
        }
        return Self.floorDB
    }

    /// The keyed tone found so far, its rivals, and how to weight the channels.
    public func result() -> ToneSearchResult {
        var finder = self
        finder.measurePending()
        return finder.resultOfMeasured()
    }

    private func resultOfMeasured() -> ToneSearchResult {
        let equalWeights = Array(repeating: 1.0, count: channelCount)
        guard lastBin >= firstBin, measuredCounts.contains(where: { $0 >= 3 }) else {
            let reason: NothingToDecodeReason = peakSample < 1e-4 ? .silence : .noKeyedTone(searchedHz: searchRangeHz)
            return ToneSearchResult(best: nil, others: [], channelWeights: equalWeights, reason: reason, searchedHz: searchRangeHz)
        }
        var measures: [[BinMeasure]] = []
        for channel in 0..<channelCount {
            var row: [BinMeasure] = []
            for slot in 0..<(lastBin - firstBin + 3) {
                let on = percentileDB(channel: channel, slot: slot, fraction: 0.95)
                let off = percentileDB(channel: channel, slot: slot, fraction: 0.1)
                let keyedness = on - off
                let tonality = min(
                    1,
                    steadiness(channel: channel, slot: slot, on: on, off: off)
                        / Self.expectedSteadiness(keyednessDB: keyedness))
                row.append(BinMeasure(on: on, off: off, keyedness: keyedness, tonality: tonality))
            }
            // A steady carrier within two bins moves the peak the steadiness is measured on, by
            // its beat with the tone: there the tone's steadiness cannot be measured, and is not held against it.
            for carrier in steadyToneBins(row) {
                for slot in max(1, carrier - firstBin - 1)...min(row.count - 2, carrier - firstBin + 3) where slot != carrier - firstBin + 1 {
                    row[slot].tonality = max(row[slot].tonality, Self.minimumTonality)
                }
            }
            measures.append(row)
        }
        var ranked: [(channel: Int, bin: Int, measure: BinMeasure)] = []
        for channel in 0..<channelCount where measuredCounts[channel] >= 3 {
            for bin in firstBin...lastBin {
                let slot = bin - firstBin + 1
                let row = measures[channel]
                // A keyed tone's leakage into the neighbouring bins is keyed too: keep only the bin where
                // its keyed power peaks. (Not the key-down level: beside a louder carrier, the bin between
                // the two is loudest, and hardly keyed.) A carrier's leakage fills the key-up frames of
                // the tone's bin nearest to it: the tone is as keyed as the clearer of the bin and its neighbours.
                guard row[slot].keyedLevel >= row[slot - 1].keyedLevel, row[slot].keyedLevel >= row[slot + 1].keyedLevel else { continue }
                var clearest = row[slot]
                for neighbour in [row[slot - 1], row[slot + 1]] where neighbour.keyedness > clearest.keyedness { clearest = neighbour }
                ranked.append((channel, bin, clearest))
            }
        }
        ranked.sort { $0.measure.score > $1.measure.score }
        var chosen: [ToneCandidate] = []
        var unsteady: [ToneCandidate] = []
        // Where talk or music is heard, a pitch is taken for a keyed tone only if it is keyed as
        // clearly as the talk and as steady as a tone that clear must be: a voice's weaker
        // harmonics can look steady for a while.
        // (A clean tone's keying splash is keyed clearly and unsteadily too, but far below the tone.)
        let talkHeard = ranked.contains { ranking in
            let measure = measures[ranking.channel][ranking.bin - firstBin + 1]
            return measure.isClear && !measure.isSteadyTone(talkHeard: false)
                && splashSource(of: ranking.bin, in: measures[ranking.channel]) == ranking.bin
        }
        for ranking in ranked where ranking.measure.keyedness >= Self.minimumKeyednessDB {
            let entry = (channel: ranking.channel, bin: splashSource(of: ranking.bin, in: measures[ranking.channel]))
            let frequency = refinedFrequency(bin: entry.bin, levels: measures[entry.channel])
            guard frequency >= searchRangeHz.lowerBound - binHz, frequency <= searchRangeHz.upperBound + binHz else { continue }
            if chosen.contains(where: { abs($0.frequencyHz - frequency) < 2.5 * binHz }) { continue }
            let measure = entry.bin == ranking.bin ? ranking.measure : measures[entry.channel][entry.bin - firstBin + 1]
            let candidate = ToneCandidate(
                frequencyHz: frequency, channel: entry.channel, keyednessDB: measure.keyedness,
                tonality: measure.tonality, onLevelDB: measure.on, offLevelDB: measure.off)
            guard measure.isSteadyTone(talkHeard: talkHeard) else {
                if unsteady.count < 5, !unsteady.contains(where: { abs($0.frequencyHz - frequency) < 2.5 * binHz }) {
                    unsteady.append(candidate)
                }
                continue
            }
            chosen.append(candidate)
            if chosen.count == 5 { break }
        }
        // A square or distorted oscillator sounds its harmonics keyed alike, and a small speaker
        // can make one of them louder than the fundamental: the fundamental is the tone.
        if let first = chosen.first,
            let fundamental = chosen.dropFirst()
                .filter({ first.isHarmonic(of: $0) && $0.scoreDB >= first.scoreDB - Self.harmonicWithinDB })
                .min(by: { $0.frequencyHz < $1.frequencyHz })
        {
            chosen.removeAll { $0 == fundamental }
            chosen.insert(fundamental, at: 0)
        }
        guard let best = chosen.first else {
            let reason = unsteady.first.map { .noSteadyTone(clearestHz: $0.frequencyHz) } ?? silentOrSteadyReason(measures)
            return ToneSearchResult(
                best: nil, others: [], channelWeights: equalWeights, reason: reason, unsteady: unsteady, searchedHz: searchRangeHz)
        }
        let slot = Int((best.frequencyHz / binHz).rounded()) - firstBin + 1
        let clampedSlot = min(max(slot, 1), lastBin - firstBin + 1)
        var weights: [Double] = []
        for channel in 0..<channelCount {
            let measure = measures[channel][clampedSlot]
            let usable =
                measuredCounts[channel] >= 3
                && measure.keyedness >= min(Self.minimumKeyednessDB, best.keyednessDB)
                && measure.keyedness >= best.keyednessDB - 6
            // Weight by the inverse of the channel's noise power, so each channel's noise counts alike.
            let noiseDB = max(measure.off, measure.on - 60)
            weights.append(usable ? pow(10, -noiseDB / 10) : 0)
        }
        let largest = weights.max() ?? 1
        let normalized = weights.map { largest > 0 ? $0 / largest : 0 }
        // A drifting tone is keyed in every bin it passes: those are the tone, not other stations.
        // Where talk is heard its harmonics sweep through the tone's band, and could lead the
        // track away: the tone found is kept as it is.
        let track = talkHeard ? nil : track(of: best)
        let others = chosen.dropFirst().filter { other in
            guard let track else { return true }
            let span = (track.frequenciesHz.min() ?? 0) - binHz / 2...(track.frequenciesHz.max() ?? 0) + binHz / 2
            return !span.contains(other.frequencyHz)
        }
        return ToneSearchResult(
            best: best, others: Array(others), channelWeights: normalized, reason: nil, unsteady: unsteady, track: track,
            steadyTonesHz: steadyTones(measures[best.channel]), searchedHz: searchRangeHz)
    }

    /// Pitches that sound all the time (keyed less than `keyedAtAllDB`) and stand
    /// `steadyToneAboveDB` or more above the band's median key-up level, loudest first.
    private func steadyTones(_ measures: [BinMeasure]) -> [Double] {
        steadyToneBins(measures).sorted { measures[$0 - firstBin + 1].on > measures[$1 - firstBin + 1].on }
            .prefix(5).map { refinedFrequency(bin: $0, levels: measures) }
    }

    private func steadyToneBins(_ measures: [BinMeasure]) -> [Int] {
        guard lastBin >= firstBin else { return [] }
        let offLevels = measures.map(\.off).sorted()
        let median = offLevels[offLevels.count / 2]
        return (firstBin...lastBin).filter { bin in
            let slot = bin - firstBin + 1
            let here = measures[slot]
            // Its key-up level peaks there (its key-down level may not: a keyed tone beside it adds to its neighbour's).
            return here.keyedness < Self.keyedAtAllDB && here.off >= median + Self.steadyToneAboveDB
                && here.off >= measures[slot - 1].off && here.off >= measures[slot + 1].off
        }
    }

    /// A steady tone this far above the band's median key-up level is a carrier.
    static let steadyToneAboveDB = 15.0

    /// Keying splashes: each edge spreads a little of the tone over several hundred hertz, and
    /// between edges those bins fall to the floor, so on a clean recording they can look more
    /// keyed than the tone itself, whose key-up frames, at speed, always catch a mark. A keyed
    /// bin far below the loudest bin that is keyed at all (not a steady carrier) is that
    /// bin's splash: the louder bin is the tone.
    private func splashSource(of bin: Int, in measures: [BinMeasure]) -> Int {
        var source = bin
        for other in firstBin...lastBin {
            let measure = measures[other - firstBin + 1]
            guard measure.keyedness >= Self.keyedAtAllDB, measure.on > measures[source - firstBin + 1].on else { continue }
            let neighbours = (measures[other - firstBin].on, measures[other - firstBin + 2].on)
            guard measure.on >= neighbours.0, measure.on >= neighbours.1 else { continue }
            source = other
        }
        return measures[source - firstBin + 1].on - measures[bin - firstBin + 1].on >= Self.splashBelowSourceDB ? source : bin
    }

    private struct BinMeasure {
        var on: Double
        var off: Double
        var keyedness: Double
        var tonality: Double
        var score: Double { ToneCandidate.scoreDB(keyednessDB: keyedness, tonality: tonality) }
        /// The power of the keyed part alone (key-down less key-up), in dB.
        var keyedLevel: Double { 10 * log10(max(pow(10, on / 10) - pow(10, off / 10), 1e-30)) }
        /// Keyed so clearly that a tone's steadiness is sure to show.
        var isClear: Bool { keyedness >= ToneFinder.clearKeyednessDB }

        /// Whether this is steady enough for a keyed tone; where talk is heard, only a clear one is.
        func isSteadyTone(talkHeard: Bool) -> Bool {
            tonality >= ToneFinder.minimumTonality && (isClear || !talkHeard)
        }
    }

    /// Parabolic interpolation of the keyed level (in dB) over the bin and its neighbours
    /// (the key-up level for a steady tone, which a keyed tone beside it does not reach).
    private func refinedFrequency(bin: Int, levels: [BinMeasure]) -> Double {
        let slot = bin - firstBin + 1
        let level: (BinMeasure) -> Double = levels[slot].keyedness < Self.keyedAtAllDB ? { $0.off } : { $0.keyedLevel }
        let left = level(levels[slot - 1]), centre = level(levels[slot]), right = level(levels[slot + 1])
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return Double(bin) * binHz }
        let offset = min(0.5, max(-0.5, 0.5 * (left - right) / curvature))
        return (Double(bin) + offset) * binHz
    }

    private func silentOrSteadyReason(_ measures: [[BinMeasure]]) -> NothingToDecodeReason {
        if peakSample < 1e-4 { return .silence }
        // A steady tone stands far above the band's key-up level all the time (see `steadyToneBins`).
        for row in measures {
            if let loudest = steadyToneBins(row).max(by: { row[$0 - firstBin + 1].off < row[$1 - firstBin + 1].off }) {
                return .steadyCarrier(frequencyHz: refinedFrequency(bin: loudest, levels: row))
            }
        }
        return .noKeyedTone(searchedHz: searchRangeHz)
    }
}
