import Foundation
import KochCore

/// A second reading of a recording whose first (plain) reading may be of the room or of talk as
/// much as of the keying. Each reads the keying anew from the tone's amplitude in its own way,
/// keys it onto a clean tone that is read as any recording is (`DecodeSession.readAgain`), so
/// that every rule of the reading applies to it, and leaves the choice between it and the plain
/// reading to one referee (`DecodeSession.kept(_:or:measuredAgainst:rateHz:allowance:)`). They are
/// tried in turn; the first whose reading is kept is the recording's.
public enum SecondReading: Sendable, Hashable, CaseIterable {
    /// Through the filter learned to undo the room (`RoomEqualizer`): where a room's echo was
    /// heard, or the plain reading is doubtful as keying, or the tone stood under
    /// `DecodeSession.softReadingBelowDB` over the noise (an echo the first seconds did not show
    /// fills the gaps as noise does, and can make a reading far too fast or slow). The filter's
    /// output is the keying, about 1 while the key is down and 0 while it is up. A reading so
    /// made is one of a recording hard to read (`DecodeResult.isHardToRead`).
    case roomUndone
    /// Along the tone's own phase (`InPhaseReading`), from the evidence of every sample
    /// (`InPhaseEvidence`): where talk or music sounded through the tone's filter
    /// (`DecodeResult.talkThroughTheFilter`). The clean tone holds no talk, so the reading
    /// carries the plain reading's marks passed over, and their doubt.
    case alongTonePhase

    /// Whether this reading is tried after `plain`.
    func isTried(after plain: DecodeResult) -> Bool {
        guard plain.toneHz != nil else { return false }
        switch self {
        case .roomUndone:
            let doubtful = plain.roomEchoHeard || !plain.implausibilities().isEmpty
            return !plain.output.characters.isEmpty && (doubtful || (plain.signalToNoiseDB ?? .infinity) < DecodeSession.softReadingBelowDB)
        case .alongTonePhase:
            return plain.talkThroughTheFilter && plain.output.elements.count >= InPhaseReading.fewestMarks
                && (plain.statistics.ditSeconds ?? plain.model?.ditSeconds) != nil
        }
    }

    /// The reading of `plain`'s recording kept (this one's, or `plain`), from the tone search's
    /// decimated `blocks` at `rateHz`.
    func read(_ plain: DecodeResult, blocks: [[[Float]]], rateHz: Double, request: DecodeRequest) throws -> DecodeResult {
        guard let toneHz = plain.toneHz,
            let mixed = DecodeSession.mixedDown(blocks, weights: plain.channelWeights, rateHz: rateHz, toneHz: toneHz)
        else { return plain }
        switch self {
        case .roomUndone:
            guard let equalized = RoomEqualizer.equalize(real: mixed.real, imaginary: mixed.imaginary, rateHz: mixed.rateHz),
                let candidate = try DecodeSession.readAgain(
                    plain, as: self, envelope: equalized.envelope, rateHz: equalized.rateHz,
                    pitchHz: toneHz + equalized.pitchOffsetHz, request: request)
            else { return plain }
            return DecodeSession.kept(plain, or: candidate, measuredAgainst: equalized.baseband, rateHz: equalized.rateHz)
        case .alongTonePhase:
            guard let ditSeconds = plain.statistics.ditSeconds ?? plain.model?.ditSeconds else { return plain }
            let marks = plain.output.elements.map { InPhaseReading.Mark(startSeconds: $0.startSeconds, durationSeconds: $0.durationSeconds) }
            guard
                let read = InPhaseReading.read(
                    real: mixed.real, imaginary: mixed.imaginary, rateHz: mixed.rateHz, marks: marks, ditSeconds: ditSeconds),
                let candidate = try DecodeSession.readAgain(
                    plain, as: self, envelope: read.envelope, rateHz: read.rateHz, pitchHz: toneHz + read.pitchOffsetHz,
                    request: request, evidence: InPhaseEvidence.evidence(of: read))
            else { return plain }
            return DecodeSession.kept(plain, or: candidate, measuredAgainst: read.baseband, rateHz: read.rateHz, allowance: InPhaseReading.allowance)
        }
    }
}
