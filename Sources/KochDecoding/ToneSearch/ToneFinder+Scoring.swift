import Foundation
import KochCore

/// Each bin's measures, read from its histograms: its levels, keyedness and steadiness, where it
/// peaks, and whether it is a steady carrier or another bin's keying splash.
extension ToneFinder {
    struct BinMeasure {
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

    /// The share of a bin's loudest frames (within `steadinessSpanDB` of its key-down level, or
    /// above the middle of its two levels if that is higher) whose peak was steady. Only the
    /// loudest are taken so that a faded stretch, where noise moves the peak, does not count
    /// against a tone whose keyedness was measured at full strength.
    func steadiness(channel: Int, slot: Int, on: Double, off: Double) -> Double {
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

    func percentileDB(channel: Int, slot: Int, fraction: Double) -> Double {
        let histogram = histograms[channel][(slot * Self.histogramBins)..<((slot + 1) * Self.histogramBins)]
        let target = Int32(Double(measuredCounts[channel]) * fraction)
        var cumulative: Int32 = 0
        for (step, count) in zip(0..., histogram) {
            cumulative += count
            if cumulative > target { return Self.floorDB + (Double(step) + 0.5) * Self.stepDB }
        }
        return Self.floorDB
    }

    /// Parabolic interpolation of the keyed level (in dB) over the bin and its neighbours
    /// (the key-up level for a steady tone, which a keyed tone beside it does not reach).
    func refinedFrequency(bin: Int, levels: [BinMeasure]) -> Double {
        let slot = bin - firstBin + 1
        let level: (BinMeasure) -> Double = levels[slot].keyedness < Self.keyedAtAllDB ? { $0.off } : { $0.keyedLevel }
        let left = level(levels[slot - 1]), centre = level(levels[slot]), right = level(levels[slot + 1])
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return Double(bin) * binHz }
        let offset = min(0.5, max(-0.5, 0.5 * (left - right) / curvature))
        return (Double(bin) + offset) * binHz
    }

    /// Pitches that sound all the time (keyed less than `keyedAtAllDB`) and stand
    /// `steadyToneAboveDB` or more above the band's median key-up level, loudest first.
    func steadyTones(_ measures: [BinMeasure]) -> [Double] {
        steadyToneBins(measures).sorted { measures[$0 - firstBin + 1].on > measures[$1 - firstBin + 1].on }
            .prefix(5).map { refinedFrequency(bin: $0, levels: measures) }
    }

    func steadyToneBins(_ measures: [BinMeasure]) -> [Int] {
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
    func splashSource(of bin: Int, in measures: [BinMeasure]) -> Int {
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
}
