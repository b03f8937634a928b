import Foundation
import Testing

@testable import KochCore
@testable import KochDecoding

/// The soft reading of a word from the evidence of its samples.
@Suite struct DecodingSoftReaderTests {
    static let ditSamples = 30
    static let model = TimingModel(ditSeconds: 0.06)

    /// Evidence at 500 samples a second: `mark` per sample while keyed, `space` otherwise,
    /// for a pattern of (is a mark, length in dits), with half a second of silence either side.
    private func evidence(_ pattern: [(Bool, Double)], mark: Float = 0.1, space: Float = -0.1) -> MarkEvidence {
        var evidence = MarkEvidence(rate: 500)
        let silence = [(false, 0.5 / 0.06)] + pattern + [(false, 0.5 / 0.06)]
        for (isMark, dits) in silence {
            for _ in 0..<Int(dits * Double(Self.ditSamples)) { evidence.append(Double(isMark ? mark : space)) }
        }
        return evidence
    }

    private func read(_ evidence: MarkEvidence) -> String {
        SoftWordReader().read(evidence, fromSeconds: 0, toSeconds: Double(evidence.values.count) / 500, model: Self.model)
            .map(\.text).joined()
    }

    @Test func readsAWordWhoseMarksStandBarelyAboveTheNoise() {
        // K then A: dah dit dah, a character gap, dit dah.
        let word = [(true, 3.0), (false, 1), (true, 1), (false, 1), (true, 3), (false, 3), (true, 1), (false, 1), (true, 3)]
        #expect(read(evidence(word)) == "KA")
    }

    @Test func findsAWordGapInsideTheStretchItReads() {
        // K, a word gap of 7 dits, then A: the stretch holds two words.
        let keyed = evidence([(true, 3.0), (false, 1), (true, 1), (false, 1), (true, 3), (false, 7), (true, 1), (false, 1), (true, 3)])
        let readings = SoftWordReader().read(keyed, fromSeconds: 0, toSeconds: Double(keyed.values.count) / 500, model: Self.model)
        #expect(readings.map(\.text) == ["K", "A"])
        #expect(readings.map(\.startsWord) == [false, true])
    }

    @Test func readsNothingWhereThereIsNoKeying() {
        #expect(read(evidence([(false, 10)])).isEmpty)
    }

    @Test func keepsADahWholeThroughADipShorterThanAnyGap() {
        // A dah whose middle third the noise pulls below the threshold: two dits with a gap
        // of a third of a dit would be no keying the sender makes.
        let dipped = evidence([(true, 1.3), (false, 0.3), (true, 1.4)], mark: 0.2)
        #expect(read(dipped) == "T")
    }

    @Test func marksAreTimedWhereTheEvidenceSitsAfterTheDelay() throws {
        var keyed = evidence([(true, 3.0)])
        keyed.delaySeconds = 0.01
        let reading = try #require(SoftWordReader().read(keyed, fromSeconds: 0, toSeconds: 2, model: Self.model).first)
        let mark = try #require(reading.marks.first)
        #expect(abs(mark.startSeconds - (0.5 - 0.01)) < 0.01)
        #expect(abs(mark.endSeconds - mark.startSeconds - 0.18) < 0.01)
    }
}
