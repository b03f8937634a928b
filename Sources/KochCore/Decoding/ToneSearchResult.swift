/// What the tone finder concluded about a recording.
public struct ToneSearchResult: Sendable, Hashable {
    /// The keyed tone to decode; nil if there is none.
    public let best: ToneCandidate?
    /// Other keyed pitches, most keyed first (a second station, a harmonic).
    public let others: [ToneCandidate]
    /// How much each channel contributes: 0 for a channel that does not
    /// carry the keyed tone clearly (silent, or much noisier).
    public let channelWeights: [Double]
    /// Why there is nothing to decode, when `best` is nil.
    public let reason: NothingToDecodeReason?
}
