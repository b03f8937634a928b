import KochCore

/// What the tone finder concluded about a recording.
public struct ToneSearchResult: Sendable, Hashable {
    /// The keyed tone to decode; nil if there is none.
    public let best: ToneCandidate?
    /// Other keyed pitches, best scored first (a second station, a harmonic).
    public let others: [ToneCandidate]
    /// How much each channel contributes: 0 for a channel that does not
    /// carry the keyed tone clearly (silent, or much noisier).
    public let channelWeights: [Double]
    /// Why there is nothing to decode, when `best` is nil.
    public let reason: NothingToDecodeReason?
    /// Pitches keyed strongly but unsteadily (talk, music): passed over.
    public let unsteady: [ToneCandidate]
    /// The best tone's pitch over the recording, when it drifts by more than a bin.
    public let track: ToneTrack?
    /// Steady tones that sound all the time (carriers), loudest first: the decoder's
    /// filter must shut out those near the keyed tone.
    public let steadyTonesHz: [Double]
    /// The pitches the search covered.
    public let searchedHz: ClosedRange<Double>

    public init(
        best: ToneCandidate?, others: [ToneCandidate], channelWeights: [Double], reason: NothingToDecodeReason?,
        unsteady: [ToneCandidate] = [], track: ToneTrack? = nil, steadyTonesHz: [Double] = [],
        searchedHz: ClosedRange<Double> = 300...1500
    ) {
        self.searchedHz = searchedHz
        self.track = track
        self.steadyTonesHz = steadyTonesHz
        self.best = best
        self.others = others
        self.channelWeights = channelWeights
        self.reason = reason
        self.unsteady = unsteady
    }

    /// Whether talk or music was heard beside the tone at `toneHz`: a pitch keyed as clearly as
    /// a tone must be to show its steadiness (`ToneFinder.clearKeyednessDB`), yet unsteady, and
    /// not the tone itself (a sidetone whose pitch a room's echo made waver, given with `--tone`).
    /// Talk is heard so wherever it sounds; without it, only where a room's echo makes a pitch
    /// waver as a voice's does.
    public func heardTalk(besidesHz toneHz: Double?) -> Bool {
        unsteady.contains {
            $0.keyednessDB >= ToneFinder.clearKeyednessDB && abs($0.frequencyHz - (toneHz ?? -.infinity)) > ToneCandidate.sameToneWithinHz
        }
    }

    /// This result with `candidate`, one of the pitches passed over as unsteady, taken for the
    /// keyed tone after all (its reading keeps a fist's timing: `DecodeSession.readsAsKeying`).
    public func taking(_ candidate: ToneCandidate) -> ToneSearchResult {
        ToneSearchResult(
            best: candidate, others: [], channelWeights: channelWeights, reason: nil, unsteady: unsteady.filter { $0 != candidate },
            steadyTonesHz: steadyTonesHz, searchedHz: searchedHz)
    }

    /// The other keyed pitches that may be another station's: neither a harmonic of the best
    /// nor within `ToneCandidate.sameToneWithinHz` of it, and keyed within `rivalWithinDB` of
    /// its level.
    public var rivals: [ToneCandidate] {
        guard let best else { return [] }
        return others.filter {
            abs($0.frequencyHz - best.frequencyHz) > ToneCandidate.sameToneWithinHz && !$0.isHarmonic(of: best)
                && $0.onLevelDB >= best.onLevelDB - Self.rivalWithinDB
        }
    }

    /// How far below the best tone's level another keyed pitch may be another station's. What
    /// a square or clipped oscillator folds back from above half the sample rate sounds far
    /// lower than its fundamental, and is no rival.
    public static let rivalWithinDB = 12.0

    /// The other candidate that scores within `ToneFinder.nearTieDB` of the best and sounds
    /// about as loud, if any: the search cannot tell which of the two is the sender's tone.
    /// A harmonic of the best is the same tone, not a rival.
    public var nearTie: ToneCandidate? {
        guard let best else { return nil }
        return others.first {
            $0.scoreDB >= best.scoreDB - ToneFinder.nearTieDB && abs($0.onLevelDB - best.onLevelDB) < ToneFinder.nearTieLevelDB
                && abs($0.frequencyHz - best.frequencyHz) > ToneCandidate.sameToneWithinHz
                && !$0.isHarmonic(of: best)
        }
    }
}
