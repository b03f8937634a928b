import Foundation
import KochCore

extension DecodeSession {
    /// Where talk or music sounded through the tone's filter (`DecodeResult.talkThroughTheFilter`),
    /// the recording read a second time along the tone's own phase (`InPhaseReading`), from the
    /// evidence of every sample (`InPhaseEvidence`), and the reading kept as `kept` chooses. The
    /// clean tone holds no talk, so the reading carries the plain reading's marks passed over, and
    /// their doubt.
    static func readAlongTonePhaseWhereTalked(
        _ plain: DecodeResult, blocks: [[[Float]]], rateHz: Double, speedWPM: Double?, traceRangeSeconds: ClosedRange<Double>?,
        prior: CharacterPrior
    ) throws -> DecodeResult {
        guard let toneHz = plain.toneHz, plain.talkThroughTheFilter, plain.output.elements.count >= InPhaseReading.fewestMarks,
            let ditSeconds = plain.statistics.ditSeconds ?? plain.model?.ditSeconds,
            let mixed = mixedDown(blocks, weights: plain.channelWeights, rateHz: rateHz, toneHz: toneHz)
        else { return plain }
        let marks = plain.output.elements.map { InPhaseReading.Mark(startSeconds: $0.startSeconds, durationSeconds: $0.durationSeconds) }
        guard
            let read = InPhaseReading.read(
                real: mixed.real, imaginary: mixed.imaginary, rateHz: mixed.rateHz, marks: marks,
                ditSeconds: ditSeconds),
            var candidate = try readAgain(
                plain, envelope: read.envelope, rateHz: read.rateHz, pitchHz: toneHz + read.pitchOffsetHz, speedWPM: speedWPM,
                traceRangeSeconds: traceRangeSeconds, prior: prior, evidence: InPhaseEvidence.evidence(of: read))
        else { return plain }
        candidate.readAlongTonePhase = true
        return kept(plain, or: candidate, measuredAgainst: read.baseband, rateHz: read.rateHz, allowance: InPhaseReading.allowance)
    }
}
