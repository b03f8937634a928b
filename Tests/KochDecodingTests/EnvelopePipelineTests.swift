import Foundation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// From baseband to marks and spaces: the matched filter, the threshold's likelihoods, the
/// segmenter and the run builder, given keying whose every mark is known.
@Suite struct EnvelopePipelineTests {
    static let rate = 500.0
    static let wpm = 20.0
    static var ditSeconds: Double { Timing.unitSeconds(wpm: wpm) }
    /// The full matched filter (0.7 of a dit) and its shortest run (0.3 of a dit), as the warm-up sets them.
    static var filterLength: Int { WarmUpSearch.filterLength(ditSeconds: ditSeconds, rate: rate) }
    static var minimumRunLength: Int { WarmUpSearch.minimumRunLength(ditSeconds: ditSeconds, rate: rate) }
    static let text = "PARIS MORSE KOCH QUICK BROWN FOX"

    static func keying() -> (intervals: [(Double, Double)], endSeconds: Double) {
        DecodingSignals.keying(text, startWPM: wpm, seed: 2, leadSeconds: 1)
    }

    /// The runs a pipeline of the full filter finds in `channels` (each a baseband's real and
    /// imaginary parts), weighed with `weights`, and the marks it passed over.
    static func runs(_ channels: [(real: [Float], imaginary: [Float])], weights: [Double] = [1]) -> (runs: [KeyingRun], offPitchMarks: Int) {
        var pipeline = EnvelopePipeline(
            rate: rate, weights: weights, filterLength: filterLength, minimumRunLength: minimumRunLength, ditSeconds: ditSeconds)
        let count = channels.map(\.real.count).min() ?? 0
        let runs =
            pipeline.process(real: channels.map(\.real), imaginary: channels.map(\.imaginary), range: 0..<count) + pipeline.finish()
        return (runs, pipeline.offPitchMarks)
    }

    /// Each mark's start and length in seconds, the matched filter's lag taken off its start.
    static func markTimes(_ runs: [KeyingRun]) -> [(start: Double, length: Double)] {
        let lag = Double(filterLength - 1) / 2
        return runs.filter(\.isMark).map { ((Double($0.startSample) - lag) / rate, Double($0.lengthSamples) / rate) }
    }

    @Test func turnsACleanKeyedToneIntoTheMarksAndSpacesKeyed() {
        let keying = Self.keying()
        let found = Self.runs([KeyedBaseband.make(keying.intervals, durationSeconds: keying.endSeconds, noiseDeviation: 0.001)])
        let marks = Self.markTimes(found.runs)
        #expect(marks.count == keying.intervals.count)
        for (mark, (start, end)) in zip(marks, keying.intervals) {
            #expect(abs(mark.start - start) < 0.005, "a mark at \(start) s read at \(mark.start) s")
            #expect(abs(mark.length - (end - start)) < 0.006, "a mark of \(end - start) s read as \(mark.length) s")
        }
        // Marks and spaces take turns, each space reaching from one mark to the next.
        for (run, next) in zip(found.runs, found.runs.dropFirst()) {
            #expect(run.isMark != next.isMark && run.endSample == next.startSample)
        }
        #expect(found.offPitchMarks == 0)
    }

    @Test func keepsEveryMarkOfAToneInNoise() {
        // Noise of σ 0.05 in each component, against a tone of 0.25: 11 dB in the baseband's
        // 500 Hz, 24 dB through the matched filter's 24 Hz.
        let keying = Self.keying()
        let baseband = KeyedBaseband.make(keying.intervals, durationSeconds: keying.endSeconds, noiseDeviation: 0.05, seed: 4)
        let marks = Self.markTimes(Self.runs([baseband]).runs)
        #expect(marks.count == keying.intervals.count)
        for (mark, (start, end)) in zip(marks, keying.intervals) {
            #expect(abs(mark.start - start) < 0.012, "a mark at \(start) s read at \(mark.start) s")
            #expect(abs(mark.length - (end - start)) < 0.016, "a mark of \(end - start) s read as \(mark.length) s")
        }
    }

    @Test func aChannelWeighedZeroDoesNotDiluteTheOne() {
        let keying = Self.keying()
        let tone = KeyedBaseband.make(keying.intervals, durationSeconds: keying.endSeconds, noiseDeviation: 0.02, seed: 6)
        let noise = KeyedBaseband.make([], durationSeconds: keying.endSeconds, noiseDeviation: 0.5, seed: 7)
        let alone = Self.runs([tone]).runs
        #expect(Self.runs([tone, noise], weights: [1, 0]).runs == alone)
        // Weighed alike, the loud noise fills the gaps and the keying is lost.
        #expect(Self.runs([tone, noise], weights: [1, 1]).runs.count(where: \.isMark) < keying.intervals.count / 2)
    }

    @Test func passesOverAMarkOffTheTonesPitch() {
        // The twelfth mark (the first dit of the S of PARIS) turns 10 Hz off the tone, as a
        // voice's harmonic crossing the filter does: it is passed over, and the spaces either
        // side of it become one.
        let keying = Self.keying()
        let offPitch = 11
        let baseband = KeyedBaseband.make(
            keying.intervals, durationSeconds: keying.endSeconds, noiseDeviation: 0.001, offsetHz: { $0 == offPitch ? 10 : 0 })
        let found = Self.runs([baseband])
        #expect(found.offPitchMarks == 1)
        let marks = Self.markTimes(found.runs)
        var kept = keying.intervals
        let passedOver = kept.remove(at: offPitch)
        #expect(marks.count == kept.count)
        for (mark, (start, _)) in zip(marks, kept) {
            #expect(abs(mark.start - start) < 0.005, "a mark at \(start) s read at \(mark.start) s")
        }
        let spaceAcross = found.runs.first {
            !$0.isMark && Double($0.startSample) / Self.rate < passedOver.0 && Double($0.endSample) / Self.rate > passedOver.1
        }
        #expect(spaceAcross != nil)
    }
}
