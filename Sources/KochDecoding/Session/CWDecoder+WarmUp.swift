import Foundation
import KochCore

/// The warm-up: the speed, the hand and the filter settled from the first seconds, and the
/// readings tried where a room's echo was heard.
extension CWDecoder {
    /// Once the warm-up has heard enough (see `WarmUpSearch`), settles the speed, the hand's
    /// spread and the filter, and reads the warm-up's samples through the live pipeline.
    mutating func completeWarmUp(final: Bool, into output: inout DecoderOutput) {
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
            traceRangeSeconds: configuration.traceRangeSeconds, keepsEvidence: !configuration.isLive,
            phase: primer.phase?.primed, talkHeardBefore: primer.talkHeard, isLive: configuration.isLive)
        if configuration.isLive { live.openSpaceReportSamples = openSpaceReportSamples() }
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
    mutating func feedLatched(_ levels: [Float], into output: inout DecoderOutput) {
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
}
