import Foundation
import KochCore

/// A live reading (`DecoderConfiguration.isLive`): characters read as soon as the space after
/// them is long enough to end them, not when the word ends.
extension CWDecoder {
    /// Without a speed given, the warm-up is settled from the first of these seconds on, and
    /// at the last with whatever it holds: a learner keys within seconds of starting.
    static let liveWarmUpSeconds = 2.0...12.0
    /// ...tried again this often until it hears enough marks (`WarmUpSearch.settle`).
    static let liveWarmUpRetrySeconds = 0.5

    /// Whether a mark sounds at the latest sample decided (the threshold's and segmenter's lag,
    /// tens of milliseconds, behind the latest heard): a live reading's key is down.
    public var isMarkOn: Bool { pipeline?.isMarkOn ?? false }

    /// When the last mark heard ended, in seconds from the recording's start, timed as the
    /// marks read are; nil before the first. Known as soon as the key is up, before the
    /// character it ends is read.
    public var lastMarkEndSeconds: Double? { pipeline?.lastMarkEndSample.map(seconds) }

    /// With the speed given, the reading starts at once, the timing model at that speed and
    /// the matched filter at full length: a learner keys about as fast as the exercise, and the
    /// model follows where they do not.
    mutating func startWithoutWarmUp() {
        if let speed = configuration.speedWPM { model.limitDit(toSpeedWPM: speed, factor: WarmUpSearch.speedHintFactor) }
        var live = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: filterLength(ditSeconds: model.ditSeconds),
            minimumRunLength: minimumRunLength(ditSeconds: model.ditSeconds), ditSeconds: model.ditSeconds,
            traceRangeSeconds: configuration.traceRangeSeconds, phase: TonePhase(), talkHeardBefore: configuration.talkHeard,
            isLive: true)
        live.openSpaceReportSamples = openSpaceReportSamples()
        pipeline = live
    }

    /// How long a space must have lasted (in baseband samples) for the marks before it to end
    /// a character: half the gaps' spread beyond the midpoint, in log seconds, between a gap
    /// inside a character and one between characters (about 2 dits at standard spacing), so
    /// that a hand's long gaps inside a character rarely reach it.
    func openSpaceReportSamples() -> Int {
        let boundaryLog = 0.5 * (model.intraCharacterLog + model.characterLog) + 0.5 * model.gapSpread
        return max(1, Int((exp(boundaryLog) * rate).rounded()))
    }

    /// Reads the marks of the word going on at a space that has lasted long enough to end a
    /// character (`EnvelopePipeline.openSpaceReportSamples`); the space is told apart as a gap
    /// between characters or words once it ends (`closeGapAfterRead`). A lone mark the
    /// recording began in waits for the space's end, as in the batch reading.
    mutating func readOpenWord(into output: inout DecoderOutput) {
        guard !wordMarks.isEmpty, !(wordStartsRecording && wordMarks.count == 1) else { return }
        flushWord(endingGap: nil, into: &output)
        awaitsGapAfterRead = true
        gapAfterRead = nil
    }

    /// At the first mark after a live read: the space before it is a gap between words, or
    /// between characters of the same word.
    mutating func closeGapAfterRead(into output: inout DecoderOutput) {
        awaitsGapAfterRead = false
        guard let gap = gapAfterRead.take() else { return }
        if model.isWordGap(seconds: gap.durationSeconds) {
            addWordGap(gap, learning: model, into: &output)
            return
        }
        let timed = TimedGap(gap: .character, startSeconds: gap.startSeconds, durationSeconds: gap.durationSeconds)
        output.gaps.append(timed)
        statistics.add(timed)
        model.learn(gapLog: log(max(gap.durationSeconds, 1e-4)), as: .character)
        continuesWord = true
    }
}
