import KochCore

/// What a decode is asked: the recording's shape, and what the caller knows of the keying in it.
public struct DecodeRequest: Sendable {
    public var sampleRate: Int
    public var channelCount: Int
    /// The tone to read (`--tone`); nil to search for it.
    public var toneHz: Double?
    /// The sender's speed, if known; nil to learn it from the recording.
    public var speedWPM: Double?
    /// Which stretch of the recording to keep envelope samples of, for a plot.
    public var traceRangeSeconds: ClosedRange<Double>?
    /// What the recording is expected to hold: ordinary text, or an exercise's characters.
    public var prior: CharacterPrior
    /// The pitches of other stations the caller knows of (`StationReading`): shut out as the
    /// other keyed tones the search heard are.
    public var otherStationsHz: [Double] = []

    public init(
        sampleRate: Int, channelCount: Int, toneHz: Double? = nil, speedWPM: Double? = nil,
        traceRangeSeconds: ClosedRange<Double>? = nil, prior: CharacterPrior = .text
    ) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.toneHz = toneHz
        self.speedWPM = speedWPM
        self.traceRangeSeconds = traceRangeSeconds
        self.prior = prior
    }

    /// The decoding pass's configuration at `toneHz`, from what the tone search found: the other
    /// keyed tones it must shut out, the steady ones it takes out, the drift it follows (not for a
    /// tone given, which is read where it was given), and whether talk sounded beside the tone.
    func configuration(toneHz: Double, channelWeights: [Double], search: ToneSearchResult) -> DecoderConfiguration {
        let heard = ([search.best].compactMap { $0 } + search.others).map(\.frequencyHz)
        return DecoderConfiguration(
            sampleRate: sampleRate, channelCount: channelCount, toneHz: toneHz, channelWeights: channelWeights,
            speedWPM: speedWPM, traceRangeSeconds: traceRangeSeconds,
            rivalTonesHz: (heard + otherStationsHz).filter { abs($0 - toneHz) > ToneCandidate.sameToneWithinHz },
            toneTrack: self.toneHz != nil ? nil : search.track, steadyTonesHz: search.steadyTonesHz, characterPrior: prior,
            talkHeard: search.heardTalk(besidesHz: toneHz))
    }
}

/// Whether a decode is a recording's first reading, which a second one may follow
/// (`SecondReading`), or a reading alone: a second reading itself (of a clean tone keyed as a
/// first reading's recording was read again), which is not read a third time, or the plain
/// reading with nothing after it.
enum ReadingPass: Sendable {
    case withSecondReadings
    /// `talkSounded`: the first reading's marks passed over were talk's
    /// (`DecodeResult.talkThroughTheFilter`), and the words are read again as talk's are;
    /// `evidence`: the evidence of every sample (`InPhaseEvidence`), which the words are read
    /// again from whatever the SNR.
    case alone(talkSounded: Bool = false, evidence: MarkEvidence? = nil)

    var talkSounded: Bool {
        if case .alone(let talkSounded, _) = self { return talkSounded }
        return false
    }

    var evidence: MarkEvidence? {
        if case .alone(_, let evidence) = self { return evidence }
        return nil
    }
}
