import Foundation
import KochCore

/// The evidence of every sample of a reading along the tone's phase
/// (`InPhaseReading`), for key down against key up, where talk sounded
/// through the tone's filter: what `SoftWordReader` reads its words from.
///
/// Turned to the tone's phase and scaled to its marks' level, the tone is 1
/// in phase while the key is down and 0 while it is up, with nothing in
/// quadrature. A voice's harmonic at the tone's pitch arrives at any phase
/// and moves the in-phase amplitude by as much as it shows in quadrature, on
/// the whole: where the quadrature is quiet (and the in-phase amplitude lies
/// within 0 and 1), a sample says clearly whether the key was down; where a
/// voice sounds, little, and the timing of the marks and gaps around it (the
/// soft reading's durations and code table) decides. Read so, a dit a
/// harmonic in opposite phase held under the mark level is still a dit where
/// the timing wants one, and a harmonic in phase filling a gap still leaves
/// the gap. Each sample's log likelihood ratio is that of a normal spread of
/// `floorAmplitude` and the talk's amplitude nearby (the largest `talkPower`
/// within `talkReachSeconds`) about 1 and about 0, counted as
/// `independentShare` of an observation per sample of the low-pass's band.
/// It is the in-phase amplitude itself that is weighed, not the reading's
/// rules (`InPhaseReading`: runs off the tone's phase, lone marks, a share of
/// the quadrature taken off): where they would judge, the talk's spread leaves
/// little to weigh, and the timing judges better.
enum InPhaseEvidence {
    /// The spread of the in-phase amplitude where no talk sounds: the filter's rise and fall
    /// about the marks' edges, a mark's level a little off the median's.
    static let floorAmplitude = 0.15
    /// The talk's power at a sample is the largest `talkPower` this far either side: a voice's
    /// harmonic turning through the tone's phase shows none in quadrature for a moment, and a
    /// mean over that moment would take the voice for quieter than it is.
    static let talkReachSeconds = 0.015
    /// Samples of a band B wide at a rate R hold about 2B/R independent observations each; of
    /// that, this share is counted: less lets the timing decide more, which suits a steady
    /// machine's keying, and more lets the samples decide more, which suits an uneven hand's.
    static let independentShare = 0.6
    /// A sample is in doubt where the talk's amplitude reaches this share of the marks' level: a
    /// word without such a sample keeps its reading from its durations, which read an uneven
    /// hand's clear words better than the evidence does.
    static let doubtfulTalkAmplitude = 0.32

    /// The power of what in `value` (the tone's amplitude turned to its phase and scaled to its
    /// marks' level) cannot be the tone's: its quadrature, and its in-phase amplitude beyond 0
    /// and 1 (a voice in phase over a mark lifts it over 1, one in opposite phase in a gap takes
    /// it under 0), which the quadrature alone does not show.
    static func talkPower(_ value: ComplexValue) -> Double {
        let beyond = value.real > 1 ? value.real - 1 : max(0, -value.real)
        return value.imaginary * value.imaginary + beyond * beyond
    }

    /// The evidence of `read`'s samples, and where it is in doubt.
    static func evidence(of read: InPhaseReading.Read) -> MarkEvidence {
        let count = read.baseband.count
        let reach = max(1, Int((talkReachSeconds * read.rateHz).rounded()))
        let weight = independentShare * 2 * read.cutoffHz / read.rateHz
        let talkPowers = read.baseband.map(talkPower)
        var evidence = MarkEvidence(rate: read.rateHz)
        for index in 0..<count {
            let talkPower = talkPowers[max(0, index - reach)..<min(count, index + reach + 1)].max() ?? 0
            let variance = floorAmplitude * floorAmplitude + talkPower
            evidence.append(
                weight * (2 * read.baseband[index].real - 1) / (2 * variance),
                doubtful: talkPower >= doubtfulTalkAmplitude * doubtfulTalkAmplitude)
        }
        return evidence
    }
}
