import Foundation
import Testing

@testable import KochCore
@testable import KochDecoding

/// The evidence of a reading along the tone's phase: sure where no talk sounds, weak and in
/// doubt where a voice shows in quadrature.
@Suite struct InPhaseEvidenceTests {
    static let rateHz = InPhaseReadingTests.rateHz

    @Test func cleanKeyingIsSureAndTalkInQuadratureIsInDoubt() throws {
        // Bursts of talk a dah long, as loud as the tone and a quarter turn off its phase, in the
        // middle of each word's gap: the rules keep them under the mark level (their level in
        // phase is nought), and the evidence says that there it cannot tell.
        let signal = InPhaseReadingTests.baseband(offsetHz: 0.4, talkPhaseRadians: Double.pi / 2)
        let read = try #require(
            InPhaseReading.read(
                real: signal.real, imaginary: signal.imaginary, rateHz: Self.rateHz, marks: InPhaseReadingTests.marks, ditSeconds: 0.06))
        let evidence = InPhaseEvidence.evidence(of: read)
        #expect(evidence.values.count == read.envelope.count)
        func value(atSeconds seconds: Double) -> Double { Double(evidence.values[evidence.index(atSeconds: seconds)]) }
        func doubtful(atSeconds seconds: Double) -> Bool { evidence.doubtful[evidence.index(atSeconds: seconds)] }
        let intervals = InPhaseReadingTests.keying.intervals
        for (mark, next) in zip(intervals, intervals.dropFirst()) {
            let middle = (mark.0 + mark.1) / 2
            #expect(value(atSeconds: middle) > 1, "the mark at \(mark.0) s: \(value(atSeconds: middle))")
            #expect(!doubtful(atSeconds: middle))
            if next.0 - mark.1 > 0.1, !signal.talkSeconds.contains(where: { abs($0 - (mark.1 + next.0) / 2) < 0.1 }) {
                let gap = (mark.1 + next.0) / 2
                #expect(value(atSeconds: gap) < -1, "the gap at \(gap) s: \(value(atSeconds: gap))")
                #expect(!doubtful(atSeconds: gap))
            }
        }
        #expect(!signal.talkSeconds.isEmpty)
        for seconds in signal.talkSeconds {
            #expect(abs(value(atSeconds: seconds)) < 0.1, "talk at \(seconds) s: \(value(atSeconds: seconds))")
            #expect(doubtful(atSeconds: seconds))
        }
        // A word without doubt keeps its reading from its durations.
        #expect(!evidence.holdsDoubt(fromSeconds: intervals[0].0, toSeconds: intervals[0].1))
        #expect(evidence.holdsDoubt(fromSeconds: signal.talkSeconds[0] - 0.05, toSeconds: signal.talkSeconds[0] + 0.05))
    }

    @Test func evidenceCountsAsManyObservationsAsTheBandHolds() throws {
        // The same keying read as 40 WPM's: the band is about twice as wide, and each sample counts
        // as much more.
        let signal = InPhaseReadingTests.baseband(offsetHz: 0)
        let slow = try #require(
            InPhaseReading.read(
                real: signal.real, imaginary: signal.imaginary, rateHz: Self.rateHz, marks: InPhaseReadingTests.marks, ditSeconds: 0.06))
        let fast = try #require(
            InPhaseReading.read(
                real: signal.real, imaginary: signal.imaginary, rateHz: Self.rateHz, marks: InPhaseReadingTests.marks, ditSeconds: 0.03))
        #expect(fast.cutoffHz > 1.8 * slow.cutoffHz)
        let slowLeast = Double(InPhaseEvidence.evidence(of: slow).values.min() ?? 0)
        let fastLeast = Double(InPhaseEvidence.evidence(of: fast).values.min() ?? 0)
        #expect(abs(fastLeast / slowLeast - fast.cutoffHz / slow.cutoffHz) < 0.01, "\(fastLeast) against \(slowLeast)")
    }
}
