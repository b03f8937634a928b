import Foundation
import KochCore

/// A pitch at which something is keyed, as the tone finder measured it.
public struct ToneCandidate: Sendable, Hashable {
    public let frequencyHz: Double
    /// The channel where it is most clearly keyed (0 = left or mono).
    public let channel: Int
    /// How far its key-down level stands above its key-up level, in dB
    /// (95th against 10th percentile of short-time power): large for a keyed
    /// tone; small for noise, hum and a steady carrier.
    public let keyednessDB: Double
    /// How steady its pitch stays while it sounds, against what a keyed tone
    /// of its keyedness shows: 1 for a tone; a half or less for a voice's
    /// harmonics, which glide.
    public let tonality: Double
    /// Key-down level, dB relative to a full-scale sine.
    public let onLevelDB: Double
    /// Key-up level (noise floor in this band), dB relative to a full-scale sine.
    public let offLevelDB: Double

    /// Pitches closer than this are one tone (a given `--tone` and the tone found, a rival and
    /// the tone decoded); further apart, two.
    public static let sameToneWithinHz = 40.0

    /// What candidates are ranked by: the keyedness, lowered by 20·log10 of the tonality.
    public var scoreDB: Double { Self.scoreDB(keyednessDB: keyednessDB, tonality: tonality) }

    public static func scoreDB(keyednessDB: Double, tonality: Double) -> Double {
        keyednessDB + 20 * log10(max(tonality, 1e-3))
    }

    /// Whether this pitch is a harmonic (2nd to 8th) of `fundamental`: a square or distorted
    /// oscillator sounds them all, keyed alike, each within `ToneFinder.harmonicToleranceHzPerMultiple`
    /// per multiple of its multiple of the fundamental.
    public func isHarmonic(of fundamental: ToneCandidate) -> Bool {
        guard fundamental.frequencyHz > 0 else { return false }
        let multiple = (frequencyHz / fundamental.frequencyHz).rounded()
        return (2...8).contains(multiple)
            && abs(frequencyHz - multiple * fundamental.frequencyHz) <= ToneFinder.harmonicToleranceHzPerMultiple * multiple
    }
}
