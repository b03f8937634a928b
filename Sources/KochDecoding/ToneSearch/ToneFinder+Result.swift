import Foundation
import KochCore

/// The search's conclusion: the candidates ranked, the keyed tone, its rivals, the channels'
/// weights and the track of a drifting tone.
extension ToneFinder {
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
        let measures = (0..<channelCount).map { binMeasures(channel: $0) }
        let ranked = rankedPeaks(measures)
        let talkHeard = isTalkHeard(ranked, measures: measures)
        var candidates = chosenCandidates(ranked, measures: measures, talkHeard: talkHeard)
        candidates.chosen = fundamentalFirst(candidates.chosen)
        guard let best = candidates.chosen.first else {
            let reason = candidates.unsteady.first.map { .noSteadyTone(clearestHz: $0.frequencyHz) } ?? silentOrSteadyReason(measures)
            return ToneSearchResult(
                best: nil, others: [], channelWeights: equalWeights, reason: reason, unsteady: candidates.unsteady, searchedHz: searchRangeHz)
        }
        // A drifting tone is keyed in every bin it passes: those are the tone, not other stations.
        // Where talk is heard its harmonics sweep through the tone's band, and could lead the
        // track away: the tone found is kept as it is.
        let track = talkHeard ? nil : track(of: best)
        let others = candidates.chosen.dropFirst().filter { other in
            guard let track else { return true }
            let span = (track.frequenciesHz.min() ?? 0) - binHz / 2...(track.frequenciesHz.max() ?? 0) + binHz / 2
            return !span.contains(other.frequencyHz)
        }
        return ToneSearchResult(
            best: best, others: Array(others), channelWeights: channelWeights(for: best, measures: measures), reason: nil,
            unsteady: candidates.unsteady, track: track, steadyTonesHz: steadyTones(measures[best.channel]), searchedHz: searchRangeHz)
    }

    /// The measures of every bin of a channel, with a guard bin either side.
    private func binMeasures(channel: Int) -> [BinMeasure] {
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
        return row
    }

    /// A bin where a channel's keyed power peaks, and the measure of its tone.
    private struct RankedPeak {
        let channel: Int
        let bin: Int
        let measure: BinMeasure
    }

    /// The bins where each measured channel's keyed power peaks, best score first.
    private func rankedPeaks(_ measures: [[BinMeasure]]) -> [RankedPeak] {
        var ranked: [RankedPeak] = []
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
                ranked.append(RankedPeak(channel: channel, bin: bin, measure: clearest))
            }
        }
        ranked.sort { $0.measure.score > $1.measure.score }
        return ranked
    }

    /// Whether talk or music is heard: a pitch keyed clearly but unsteadily, the source of its own splash.
    ///
    /// Where it is, a pitch is taken for a keyed tone only if it is keyed as clearly as the talk
    /// and as steady as a tone that clear must be: a voice's weaker harmonics can look steady for
    /// a while. (A clean tone's keying splash is keyed clearly and unsteadily too, but far below the tone.)
    private func isTalkHeard(_ ranked: [RankedPeak], measures: [[BinMeasure]]) -> Bool {
        ranked.contains { ranking in
            let measure = measures[ranking.channel][ranking.bin - firstBin + 1]
            return measure.isClear && !measure.isSteadyTone(talkHeard: false)
                && splashSource(of: ranking.bin, in: measures[ranking.channel]) == ranking.bin
        }
    }

    /// The keyed tones found (up to five, best first), and the clearest keyed pitches passed
    /// over as unsteady (up to five).
    private struct Candidates {
        var chosen: [ToneCandidate] = []
        var unsteady: [ToneCandidate] = []
    }

    /// The keyed tones among the ranked peaks, each at the source of its splash and its refined
    /// frequency, one within 2.5 bins of another passed over.
    private func chosenCandidates(_ ranked: [RankedPeak], measures: [[BinMeasure]], talkHeard: Bool) -> Candidates {
        var candidates = Candidates()
        for ranking in ranked where ranking.measure.keyedness >= Self.minimumKeyednessDB {
            let channel = ranking.channel, bin = splashSource(of: ranking.bin, in: measures[ranking.channel])
            let frequency = refinedFrequency(bin: bin, levels: measures[channel])
            guard frequency >= searchRangeHz.lowerBound - binHz, frequency <= searchRangeHz.upperBound + binHz else { continue }
            if candidates.chosen.contains(where: { abs($0.frequencyHz - frequency) < 2.5 * binHz }) { continue }
            let measure = bin == ranking.bin ? ranking.measure : measures[channel][bin - firstBin + 1]
            let candidate = ToneCandidate(
                frequencyHz: frequency, channel: channel, keyednessDB: measure.keyedness,
                tonality: measure.tonality, onLevelDB: measure.on, offLevelDB: measure.off)
            guard measure.isSteadyTone(talkHeard: talkHeard) else {
                if candidates.unsteady.count < 5, !candidates.unsteady.contains(where: { abs($0.frequencyHz - frequency) < 2.5 * binHz }) {
                    candidates.unsteady.append(candidate)
                }
                continue
            }
            candidates.chosen.append(candidate)
            if candidates.chosen.count == 5 { break }
        }
        return candidates
    }

    /// A square or distorted oscillator sounds its harmonics keyed alike, and a small speaker
    /// can make one of them louder than the fundamental: the fundamental is the tone, put first.
    private func fundamentalFirst(_ chosen: [ToneCandidate]) -> [ToneCandidate] {
        guard let first = chosen.first,
            let fundamental = chosen.dropFirst()
                .filter({ first.isHarmonic(of: $0) && $0.scoreDB >= first.scoreDB - Self.harmonicWithinDB })
                .min(by: { $0.frequencyHz < $1.frequencyHz })
        else { return chosen }
        var reordered = chosen
        reordered.removeAll { $0 == fundamental }
        reordered.insert(fundamental, at: 0)
        return reordered
    }

    /// The weight of each channel at the tone `best` (the loudest 1), by the inverse of its
    /// noise power so that each channel's noise counts alike; 0 for a channel where the tone is
    /// not keyed nearly as clearly.
    private func channelWeights(for best: ToneCandidate, measures: [[BinMeasure]]) -> [Double] {
        let slot = Int((best.frequencyHz / binHz).rounded()) - firstBin + 1
        let clampedSlot = min(max(slot, 1), lastBin - firstBin + 1)
        var weights: [Double] = []
        for channel in 0..<channelCount {
            let measure = measures[channel][clampedSlot]
            let usable =
                measuredCounts[channel] >= 3
                && measure.keyedness >= min(Self.minimumKeyednessDB, best.keyednessDB)
                && measure.keyedness >= best.keyednessDB - 6
            let noiseDB = max(measure.off, measure.on - 60)
            weights.append(usable ? pow(10, -noiseDB / 10) : 0)
        }
        let largest = weights.max() ?? 1
        return weights.map { largest > 0 ? $0 / largest : 0 }
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
