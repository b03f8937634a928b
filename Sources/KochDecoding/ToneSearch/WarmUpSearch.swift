import Foundation
import KochCore

/// The decoder's warm-up: from the first seconds of a recording at baseband,
/// the sender's speed (a timing model), how unevenly they key, and how short
/// a filter the signal allows. A value: the search reads the samples it is
/// given and changes nothing.
struct WarmUpSearch: Sendable {
    let configuration: DecoderConfiguration
    /// The baseband's sample rate.
    let rate: Double
    let weights: [Double]
    /// The warm-up's samples at baseband, per channel.
    let real: [[Float]]
    let imaginary: [[Float]]
    let assembler: CharacterAssembler

    /// What the warm-up settled.
    struct Settled {
        let model: TimingModel
        /// How unevenly the sender keys (`handSpread`).
        let handSpread: Double
        /// 1 for the full matched filter (0.7 of a dit), less for a strong signal (see `sharpFilterScale`).
        let filterScale: Double
        /// The warm-up's runs through the full matched filter of the model's dit.
        let runs: [KeyingRun]
        /// Whether talk or music sounded through the tone's filter (`heardTalk`).
        let talkHeard: Bool
    }

    /// The matched filter is this many dits long at full scale...
    static let fullFilterDits = 0.7
    /// ...and a run shorter than this many dits is no mark or space at full scale.
    static let minimumRunDits = 0.3

    static func filterLength(ditSeconds: Double, rate: Double, scale: Double = 1) -> Int {
        max(1, Int((fullFilterDits * scale * ditSeconds * rate).rounded()))
    }

    static func minimumRunLength(ditSeconds: Double, rate: Double, scale: Double = 1) -> Int {
        max(1, Int((minimumRunDits * scale * ditSeconds * rate).rounded()))
    }

    /// A speed given with the recording bounds the dit learned to this factor either way.
    static let speedHintFactor = 1.5

    /// A trial's runs, the tone's amplitude over the noise's σ through its filter, and the marks
    /// passed over because their pitch was off the tone's (talk or music through the filter).
    typealias Trial = (runs: [KeyingRun], amplitudeToNoise: Double, offPitchMarks: Int)

    /// Dit lengths whose filters (and shortest runs) are the same find the same runs.
    private func trialKey(ditSeconds: Double) -> Int {
        Self.filterLength(ditSeconds: ditSeconds, rate: rate) << 16 | Self.minimumRunLength(ditSeconds: ditSeconds, rate: rate)
    }

    /// The trials of the dit lengths not yet in `known`, each filter once, on every core.
    private func findRuns(_ ditLengths: [Double], into known: inout [Int: Trial]) {
        var missing: [Int: Double] = [:]
        for dit in ditLengths {
            let key = trialKey(ditSeconds: dit)
            if known[key] == nil && missing[key] == nil { missing[key] = dit }
        }
        let pending = missing.sorted { $0.key < $1.key }
        let found = concurrentMap(pending.count) { provisionalRuns(ditSeconds: pending[$0].value) }
        for (index, entry) in pending.enumerated() { known[entry.key] = found[index] }
    }

    /// The warm-up's runs through the filter for a dit length, and the tone's amplitude over the noise's σ there.
    private func provisionalRuns(ditSeconds: Double) -> Trial {
        var trial = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: Self.filterLength(ditSeconds: ditSeconds, rate: rate),
            minimumRunLength: Self.minimumRunLength(ditSeconds: ditSeconds, rate: rate), ditSeconds: ditSeconds)
        let count = real[0].count
        let runs = trial.process(real: real, imaginary: imaginary, range: 0..<count) + trial.finish()
        let levels = trial.threshold.levels
        return (runs, levels.map { $0.markLevel / max($0.noiseDeviation, 1e-12) } ?? 0, trial.offPitchMarks)
    }

    private func learnModel(from runs: [KeyingRun]) -> (model: TimingModel, markCount: Int) {
        // The first and last runs may be cut by the recording's ends; long ones are pauses or a stuck key.
        let inner = runs.count > 2 ? Array(runs.dropFirst().dropLast()) : []
        let marks = inner.filter(\.isMark).map { Double($0.lengthSamples) / rate }.filter { $0 < Self.heldKeySeconds }
        var gaps: [Double] = []
        for (index, run) in inner.enumerated() where !run.isMark {
            // Live, the warm-up is a few seconds: the space after a key held down (a tuning tone)
            // would make a cluster of its own, and the word gaps would be read as character gaps.
            if configuration.isLive, index > 0, Double(inner[index - 1].lengthSamples) / rate >= Self.heldKeySeconds { continue }
            let seconds = Double(run.lengthSamples) / rate
            if seconds < 6 { gaps.append(seconds) }
        }
        let allMarks = runs.filter(\.isMark).map { Double($0.lengthSamples) / rate }.filter { $0 < 2 }
        let defaultDit = configuration.speedWPM.map(Timing.unitSeconds(wpm:)) ?? 0.06
        if let speed = configuration.speedWPM, marks.count < 4 {
            return (TimingModel(ditSeconds: Timing.unitSeconds(wpm: speed)), allMarks.count)
        }
        return (TimingModel(markSeconds: marks.isEmpty ? allMarks : marks, gapSeconds: gaps, defaultDitSeconds: defaultDit), allMarks.count)
    }

    /// A mark this long is a key held down (a tuning tone), no element.
    static let heldKeySeconds = 2.0

    /// How well a timing model reads the warm-up's runs: the mean cost per mark
    /// of the best reading, plus a charge for every pattern that is no character.
    func fitCost(of runs: [KeyingRun], model: TimingModel) -> Double {
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
    /// dits smeared by too long a one, read badly. Nil while fewer than 8 marks
    /// are heard, unless `final` (the recording or the warm-up's longest stretch
    /// has ended); `current` is kept when no trial finds a mark.
    func settle(final: Bool, current: TimingModel) -> Settled? {
        var candidates: [(model: TimingModel, marks: Int, consistency: Double, fit: Double)] = []
        let assumed: [Double] = configuration.speedWPM.map { [Timing.unitSeconds(wpm: $0)] } ?? (0..<11).map { 0.024 * pow(1.25, Double($0)) }
        // Many trials land on the same filter: each filter's runs are found once, the trials
        // of a round on every core (the assumed dits, then the dits they lead to).
        var runsByFilter: [Int: Trial] = [:]
        findRuns(assumed, into: &runsByFilter)
        func trial(ditSeconds: Double) -> Trial {
            if let known = runsByFilter[trialKey(ditSeconds: ditSeconds)] { return known }
            let found = provisionalRuns(ditSeconds: ditSeconds)
            runsByFilter[trialKey(ditSeconds: ditSeconds)] = found
            return found
        }
        func runs(ditSeconds: Double) -> [KeyingRun] { trial(ditSeconds: ditSeconds).runs }
        // Each assumed dit's first model, from its runs, and those that found a mark.
        let firsts = assumed.map { dit in (dit: dit, learned: learnModel(from: runs(ditSeconds: dit))) }.filter { $0.learned.markCount >= 1 }
        findRuns(firsts.map(\.learned.model.ditSeconds), into: &runsByFilter)
        for (dit, (first, _)) in firsts {
            let runs = runs(ditSeconds: first.ditSeconds)
            let (refined, refinedMarks) = learnModel(from: runs)
            guard refinedMarks >= 1 else { continue }
            candidates.append((refined, refinedMarks, abs(log(first.ditSeconds / dit)), fitCost(of: runs, model: refined)))
        }
        let most = candidates.map(\.marks).max() ?? 0
        if !final && most < 8 { return nil }
        // A filter longer than the dit smears dits away and reads dahs as dits: the readings
        // it leaves (E, T, I, M…) fit well, but it finds far fewer marks than a matched one.
        // Noise read through too short a filter also finds many marks, but they read badly.
        let selfConsistentAll = candidates.filter { $0.consistency < log(1.35) }
        let bestFit = selfConsistentAll.map(\.fit).min() ?? 0
        let selfConsistent = selfConsistentAll.filter { $0.fit < bestFit + 1 }
        let mostConsistentMarks = selfConsistent.map(\.marks).max() ?? 0
        let consistent = selfConsistent.filter { Double($0.marks) >= 0.6 * Double(mostConsistentMarks) }
        var model = current
        if let best = consistent.min(by: { $0.fit < $1.fit }) ?? candidates.min(by: { $0.consistency < $1.consistency }) {
            model = best.model
        }
        if let speed = configuration.speedWPM { model.limitDit(toSpeedWPM: speed, factor: Self.speedHintFactor) }
        let settled = trial(ditSeconds: model.ditSeconds)
        let talkHeard = Self.heardTalk(in: settled)
        return Settled(
            model: model, handSpread: Self.handSpread(of: settled.runs, model: model, rate: rate),
            filterScale: talkHeard ? Self.talkFilterDits / Self.fullFilterDits : sharpFilterScale(ditSeconds: model.ditSeconds),
            runs: settled.runs, talkHeard: talkHeard)
    }

    /// Where talk or music sounds through the tone's filter (in the warm-up, this many marks
    /// passed over for their pitch, and this share of the marks or more)...
    static let fewestOffPitchMarksOfTalk = 2
    static let offPitchShareOfTalk = 0.02
    /// ...the filter is this many dits long, not `fullFilterDits`: a voice's harmonic gliding
    /// past the tone's pitch sounds through a narrower band for less time, and bends fewer marks.
    /// Longer still, the filter smears the keying more than it keeps talk out.
    static let talkFilterDits = 0.9

    /// Whether talk or music sounded through the tone's filter in a trial: enough of its marks
    /// were passed over for their pitch. Where it did, the filter is longer (`talkFilterDits`),
    /// else as short as a strong signal allows (`sharpFilterScale`).
    static func heardTalk(in trial: Trial) -> Bool {
        let marks = trial.runs.count(where: \.isMark)
        return trial.offPitchMarks >= Self.fewestOffPitchMarksOfTalk
            && Double(trial.offPitchMarks) >= Self.offPitchShareOfTalk * Double(marks + trial.offPitchMarks)
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
        let fullLength = Self.fullFilterDits * ditSeconds * rate
        let probeLength = Self.probeFilterSeconds * rate
        let count = real[0].count
        var probe = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: max(1, Int(probeLength.rounded())), minimumRunLength: 1,
            ditSeconds: ditSeconds, traceRangeSeconds: 0...(Double(count) / rate))
        _ = probe.process(real: real, imaginary: imaginary, range: 0..<count)
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
            rate: rate, weights: weights, filterLength: max(1, Int((Self.fullFilterDits * scale * ditSeconds * rate).rounded())),
            minimumRunLength: max(1, Int((Self.minimumRunDits * scale * ditSeconds * rate).rounded())),
            ditSeconds: ditSeconds)
        let count = real[0].count
        let runs = pipeline.process(real: real, imaginary: imaginary, range: 0..<count) + pipeline.finish()
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
}
