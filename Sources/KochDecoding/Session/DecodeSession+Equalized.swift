import Foundation
import KochCore

extension DecodeSession {
    /// Where a room's echo was heard, or the plain reading is doubtful as keying, or the tone
    /// stood under `softReadingBelowDB` over the noise (an echo the first seconds did not show
    /// fills the gaps as noise does, and can make a reading far too fast or slow), the
    /// recording read a second time through the filter learned to undo the room
    /// (`RoomEqualizer`), and the reading kept that is plausible as keying and whose keying the
    /// room's response explains better (`KeyingChannel`; at most `mostUnexplainedShare`,
    /// doubtful or not). A reading so equalized is one of a recording hard to read
    /// (`DecodeResult.isHardToRead`): a poor match to an exercise is not graded.
    ///
    /// The filter's output is the keying, about 1 while the key is down and 0 while it is up:
    /// it is keyed onto a clean tone at the refined pitch and read as any recording is, so
    /// every rule of the reading (timing, characters, words) applies to it. The two readings
    /// are then measured against the recording itself: a reading that ran marks together or
    /// broke them up leaves more of it unexplained. A reading doubtful as keying
    /// (`DecodeResult.implausibilities`) gives way to one that is not.
    ///
    /// On `scripts/room_conditions.py`'s phones in echoing rooms (DRR −6 dB, 8 and 16 kHz), the
    /// plain readings of seeds 1–8 misread 33 % of the characters and the kept ones 1.1 %;
    /// of seeds 201–206, 30 % and 2.5 %. Phones beside the speaker read as before or better;
    /// nothing else of the development recordings (noise, fading, other stations, talk, music,
    /// files made elsewhere) reads differently.
    static func equalizedWhereEchoed(
        _ plain: DecodeResult, blocks: [[[Float]]], rateHz: Double, speedWPM: Double?, traceRangeSeconds: ClosedRange<Double>?,
        prior: CharacterPrior
    ) throws -> DecodeResult {
        guard let toneHz = plain.toneHz, !plain.output.characters.isEmpty,
            let mixed = mixedDown(blocks, weights: plain.channelWeights, rateHz: rateHz, toneHz: toneHz),
            let equalized = RoomEqualizer.equalize(real: mixed.real, imaginary: mixed.imaginary, rateHz: mixed.rateHz)
        else { return plain }
        guard
            var candidate = try readAgain(
                plain, envelope: equalized.envelope, rateHz: equalized.rateHz, pitchHz: toneHz + equalized.pitchOffsetHz,
                speedWPM: speedWPM, traceRangeSeconds: traceRangeSeconds, prior: prior)
        else { return plain }
        candidate.roomEchoEqualized = true
        return kept(plain, or: candidate, measuredAgainst: equalized.baseband, rateHz: equalized.rateHz)
    }
}
