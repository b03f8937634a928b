import KochCore

/// From complex baseband to marks and spaces: the matched filter on each
/// channel, the weighted sum of their powers, the adaptive threshold's
/// likelihoods, the segmenter's most likely states and the run builder.
///
/// Channels are combined by power (non-coherently) with the tone finder's
/// weights, which are zero for a channel that does not carry the keyed
/// tone, so a silent or noisy channel never dilutes the one that does.
struct EnvelopePipeline: Sendable {
    let rate: Double
    let weights: [Double]
    private(set) var filters: [MatchedFilter]
    private(set) var threshold: AdaptiveThreshold
    private var segmenter: MarkSpaceSegmenter
    private var runs: RunBuilder
    private var released: [(decision: AdaptiveThreshold.Decision, keyDown: Bool)] = []
    private(set) var decisionCount = 0
    private let traceRange: Range<Int>?
    private(set) var trace: [TracePoint] = []
    private let weightSum: Double
    /// The pitch of every filter output, to tell the tone's marks from talk or music through the filter.
    private var pitch: MarkPitch
    /// Marks passed over as talk or music: their pitch was off the tone's, or their phase (`TonePhase`).
    private(set) var offPitchMarks = 0
    /// Marks talk or music sounded in: those passed over, and those kept with talk over them.
    private var talkMarks = 0
    /// The tone's phase from mark to mark: once talk is heard, a second judge of which marks are the tone's.
    private(set) var phase: TonePhase?
    /// Whether talk was heard before this pipeline began (by one that went over the same samples first).
    private let talkHeardBefore: Bool
    /// The last space, until the next mark shows whether it goes on across a mark passed over.
    private var heldSpace: KeyingRun?
    /// A mark of the tone's (by its pitch, or kept for its level in the tone's phase) that may
    /// be read alone as an E but whose phase agreed only loosely
    /// (`TonePhase.closeAgreementRadians`), with whether talk was counted in it already
    /// (`talkMarks`: talk bent it off the pitch); held until the space after it shows whether
    /// it stands alone (it is then passed over as talk's) or begins a character (it is then
    /// the tone's, though it neither taught the phase nor moved the tone's pitch: the marks
    /// after it do).
    private var looseMark: (run: KeyingRun, talkCounted: Bool)?

    /// The weighted evidence of every sample, if asked for (the live pipeline keeps it for weak signals).
    private(set) var evidence: MarkEvidence?

    init(
        rate: Double, weights: [Double], filterLength: Int, minimumRunLength: Int, ditSeconds: Double, traceRangeSeconds: ClosedRange<Double>? = nil,
        keepsEvidence: Bool = false, phase: TonePhase? = nil, talkHeardBefore: Bool = false, isLive: Bool = false
    ) {
        self.isLive = isLive
        self.phase = phase
        self.talkHeardBefore = talkHeardBefore
        evidence = keepsEvidence ? MarkEvidence(rate: rate) : nil
        ditSamples = Int((ditSeconds * rate).rounded())
        self.rate = rate
        self.weights = weights
        let capacity = max(2, Int(rate * 1.0))
        filters = weights.map { _ in MatchedFilter(length: filterLength, capacity: capacity) }
        threshold = AdaptiveThreshold(sampleRate: rate, isLive: isLive)
        runs = RunBuilder(minimumLengthSamples: minimumRunLength, releasesEarly: isLive)
        segmenter = MarkSpaceSegmenter(
            switchCostNats: Self.switchCostNats, minimumLengthSamples: Int(Double(minimumRunLength) * Self.minimumFactor),
            lagSamples: max(8, Int(rate * (isLive ? Self.liveLagSeconds : 0.5))))
        weightSum = max(weights.reduce(0, +), 1e-12)
        pitch = MarkPitch(rate: rate, channels: weights.count)
        traceRange = traceRangeSeconds.map { Int($0.lowerBound * rate)..<Int($0.upperBound * rate) }
    }

    /// Whether runs are wanted as soon as they are sure (see `openSpaceReportSamples`): the
    /// threshold judges each sample as it comes, the segmenter decides after `liveLagSeconds`
    /// to twice that, and a run is released once the next has lasted the shortest run.
    let isLive: Bool
    /// The segmenter's lag in a live pipeline: its survivors agree within a few of its chains
    /// (a third of a dit or less each), and the lag adds to the time a character takes to show.
    static let liveLagSeconds = 0.03
    /// In a live pipeline, the length (samples) at which a space going on after a mark is
    /// reported (`KeyingRun.isOpenSpace`), once, before it ends: long enough, the marks before it
    /// end a character.
    var openSpaceReportSamples: Int?
    /// The start of the last space reported open.
    private var reportedSpaceStart: Int?
    /// The key-down decisions in a row up to the latest, 0 after a key-up one.
    private var keyDownSamples = 0
    /// Whether the latest decisions are key down for at least the shortest run: a mark sounds.
    private(set) var isMarkOn = false
    /// The end of the last mark of at least the shortest run (in samples, exclusive); nil before the
    /// first. A live reading's key rests from here, though the mark is read only later.
    private(set) var lastMarkEndSample: Int?

    /// The price of a change of state, in nats: a mark must bring this much evidence more than it costs.
    static let switchCostNats = 0.7
    /// The segmenter's shortest mark or space, as a fraction of the run builder's: a jittery
    /// fist's dit may be a quarter of its usual length and must not vanish.
    static let minimumFactor = 0.7

    var filterLength: Int { filters.first?.length ?? 1 }
    /// The sender's dit as the timing model has it, in samples (a dah is judged more loosely for its pitch).
    private var ditSamples: Int

    mutating func setDit(seconds: Double) { ditSamples = Int((seconds * rate).rounded()) }

    mutating func setFilterLength(_ length: Int) {
        for index in filters.indices { filters[index].setLength(length) }
    }

    mutating func setMinimumRunLength(_ length: Int) {
        runs.minimumLengthSamples = length
        segmenter.setMinimumLength(Int(Double(length) * Self.minimumFactor))
    }

    /// Gives the segmenter the durations the timing model expects (until the minimum run length next changes).
    mutating func setDurationPrior(_ prior: SegmentDurationPrior) {
        segmenter.setDurationPrior(mark: prior.mark, space: prior.space)
    }

    /// Takes baseband samples `range` of each channel; returns the runs completed.
    mutating func process(real: [[Float]], imaginary: [[Float]], range: Range<Int>) -> [KeyingRun] {
        var completed: [KeyingRun] = []
        for index in range {
            var power = 0.0
            for channel in filters.indices where weights[channel] > 0 {
                let average = filters[channel].average(real: real[channel][index], imaginary: imaginary[channel][index])
                power += weights[channel] * (average.real * average.real + average.imaginary * average.imaginary)
                pitch.add(channel: channel, real: average.real, imaginary: average.imaginary, weight: weights[channel] / weightSum)
            }
            pitch.close()
            let envelope = (power / weightSum).squareRoot()
            if isLive {
                threshold.processLive(envelope, into: &decisions)
                for decision in decisions { segmenter.process(decision, weight: 1 / Double(filterLength), into: &released) }
                decisions.removeAll(keepingCapacity: true)
                if !released.isEmpty { drain(into: &completed) }
            } else if let decision = threshold.process(envelope) {
                segmenter.process(decision, weight: 1 / Double(filterLength), into: &released)
                if !released.isEmpty { drain(into: &completed) }
            }
        }
        return completed
    }

    /// A live pipeline's decisions, from the threshold to the segmenter.
    private var decisions: [AdaptiveThreshold.Decision] = []

    /// The runs still held at the end of the recording.
    mutating func finish() -> [KeyingRun] {
        var completed: [KeyingRun] = []
        let weight = 1 / Double(filterLength)
        for decision in threshold.finish() { segmenter.process(decision, weight: weight, into: &released) }
        segmenter.finish(into: &released)
        drain(into: &completed)
        for run in runs.finish() { admit(run, into: &completed) }
        if let mark = looseMark.take() { release(mark.run, into: &completed) }
        if let space = heldSpace.take() { completed.append(space) }
        return completed
    }

    /// Whether a mark is talk or music through the filter (its pitch is off the tone's, or once
    /// talk was heard, its phase is not the tone's: `TonePhase`), whether talk sounded in it, and
    /// whether it is the tone's by its phase only loosely where it may be read alone as an E.
    private mutating func judge(_ run: KeyingRun) -> (isOther: Bool, talkSounded: Bool, agreesLoosely: Bool) {
        guard let levels = threshold.levels else { return (false, false, false) }
        guard var phase else {
            let offPitch = pitch.isOffPitch(run, levels: levels, filterLength: filterLength, ditSamples: ditSamples)
            return (offPitch, offPitch, false)
        }
        let offPitch = pitch.isOffPitch(run, levels: levels, filterLength: filterLength, ditSamples: ditSamples, keepsAtPitch: false)
        guard let mark = pitch.phasor(of: run) else {
            if !offPitch { pitch.keepLastReading() }
            return (offPitch, offPitch, false)
        }
        // A lone mark's closer agreement is asked of marks that talk bent off the pitch but kept
        // for their level in the tone's phase too, not only of marks at the pitch: talk makes both.
        let mayStandAlone = isLoneLength(run) && heldSpace.map(isLoneLength) == true
        let judgement = phase.judge(mark, offPitch: offPitch, markLevel: levels.markLevel, judges: talkHeard, mayStandAlone: mayStandAlone)
        self.phase = phase
        let agreesLoosely = judgement.isTone && mayStandAlone && !judgement.agreesClosely
        // Talk at the tone's pitch that the phase passed over must not move the pitch either.
        if judgement.isTone && !agreesLoosely { pitch.keepLastReading() }
        return (!judgement.isTone, offPitch || !judgement.isTone, agreesLoosely)
    }

    /// A mark no longer than this many dits, with this much space or more either side of it,
    /// stands alone: it may be read as an E (`TonePhase.closeAgreementRadians`). A space between
    /// 1.5 and 2 dits may yet be read inside a character, by a hand whose gaps vary widely.
    static let loneDits = 1.5

    /// Whether a run is no longer than `loneDits` (a mark) or at least as long (a space).
    private func isLoneLength(_ run: KeyingRun) -> Bool {
        let loneSamples = Self.loneDits * Double(ditSamples)
        return run.isMark ? Double(run.lengthSamples) <= loneSamples : Double(run.lengthSamples) >= loneSamples
    }

    /// The tone's phase judges the marks once talk sounded in this many (a mark off the tone's
    /// pitch, or passed over for its phase): one is enough, as little but talk (and a
    /// reverberant room, read alike either way) reads a mark off the pitch. It does not judge
    /// from the start: the tone follower's lag turns a drifting tone's phase, and a fading
    /// beacon's Doppler turns its own. Where the tone search heard talk
    /// (`DecoderConfiguration.talkHeard`), which it does not hear in a drifting or fading tone,
    /// the phase judges from the start.
    static let talkMarksBeforePhaseJudges = 1

    /// Whether talk has been heard: before this pipeline began, or in a mark so far.
    var talkHeard: Bool { talkHeardBefore || talkMarks >= Self.talkMarksBeforePhaseJudges }

    /// Passes a run on once it is known to stand. A space is held until the next mark of
    /// the tone; a mark of something else (`judge`: talk or music through the filter)
    /// joins the spaces either side of it, and its evidence is turned to key up. A mark whose
    /// phase agreed only loosely where it may be read alone as an E is held until the space
    /// after it: if that is long enough too, it stood alone and is passed over so.
    private mutating func admit(_ run: KeyingRun, into completed: inout [KeyingRun]) {
        if let mark = looseMark.take() {
            if !run.isMark && isLoneLength(run) {
                if !mark.talkCounted { talkMarks += 1 }
                passOver(mark.run)
                holdSpace(through: run)
                return
            }
            release(mark.run, into: &completed)
        }
        let verdict = run.isMark ? judge(run) : (isOther: false, talkSounded: false, agreesLoosely: false)
        if verdict.talkSounded { talkMarks += 1 }
        if verdict.isOther {
            passOver(run)
        } else if verdict.agreesLoosely {
            looseMark = (run, verdict.talkSounded)
            return
        } else if run.isMark {
            release(run, into: &completed)
            return
        }
        holdSpace(through: run)
    }

    /// Passes a mark on as the tone's, after the space held before it.
    private mutating func release(_ mark: KeyingRun, into completed: inout [KeyingRun]) {
        if let space = heldSpace.take() { completed.append(space) }
        completed.append(mark)
    }

    /// Counts a mark passed over as talk's or music's, and turns its evidence to key up.
    private mutating func passOver(_ mark: KeyingRun) {
        offPitchMarks += 1
        evidence?.setKeyUp(mark.startSample..<mark.endSample)
    }

    /// Makes the space held reach through the end of `run` (a space, or a mark passed over), or
    /// holds `run` as a space where none was held.
    private mutating func holdSpace(through run: KeyingRun) {
        if var space = heldSpace {
            space.lengthSamples = run.endSample - space.startSample
            heldSpace = space
        } else {
            heldSpace = KeyingRun(isMark: false, startSample: run.startSample, lengthSamples: run.lengthSamples)
        }
    }

    private mutating func drain(into completed: inout [KeyingRun]) {
        for (decision, keyDown) in released {
            if let traceRange, traceRange.contains(decisionCount) {
                trace.append(
                    TracePoint(
                        timeSeconds: Double(decisionCount) / rate, envelope: decision.envelope,
                        threshold: decision.threshold, keyDown: keyDown))
            }
            decisionCount += 1
            keyDownSamples = keyDown ? keyDownSamples + 1 : 0
            isMarkOn = keyDownSamples >= runs.minimumLengthSamples
            if isMarkOn { lastMarkEndSample = decisionCount }
            if evidence != nil {
                let weighted = decision.logLikelihoodRatio / Double(filterLength)
                evidence?.append(weighted)
            }
            if let run = runs.process(keyDown: keyDown) { admit(run, into: &completed) }
            if let reportAt = openSpaceReportSamples { reportOpenSpace(at: reportAt, into: &completed) }
        }
        released.removeAll(keepingCapacity: true)
    }

    /// Reports the space going on once it has lasted `samples`, where every mark before it has
    /// been passed on (none is held to be judged).
    private mutating func reportOpenSpace(at samples: Int, into completed: inout [KeyingRun]) {
        guard looseMark == nil, let space = runs.openSpace, space.lengthSamples >= samples, reportedSpaceStart != space.startSample else { return }
        reportedSpaceStart = space.startSample
        completed.append(KeyingRun(isMark: false, startSample: space.startSample, lengthSamples: space.lengthSamples, isOpenSpace: true))
    }
}
