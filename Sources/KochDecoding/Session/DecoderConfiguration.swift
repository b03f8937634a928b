import KochCore

/// What the decoder is told before it starts.
public struct DecoderConfiguration: Sendable, Hashable {
    public var sampleRate: Int
    public var channelCount: Int
    /// The tone to decode (from `ToneFinder`, or given by the user).
    public var toneHz: Double
    /// How much each channel counts (from `ToneFinder`); equal when empty.
    public var channelWeights: [Double]
    /// The sender's speed, if known (within `speedRangeWPM`); otherwise it is learned from the recording.
    public var speedWPM: Double?
    /// The sender's speeds the decoder can be told, in words per minute: from the slowest
    /// beginner's straight key to beyond any learner's keyer.
    public static let speedRangeWPM: ClosedRange<Double> = 3...60
    /// Which stretch of the recording to keep envelope samples of, for a plot.
    public var traceRangeSeconds: ClosedRange<Double>?
    /// Other keyed tones found (from `ToneFinder`): the decoder's filter must stay narrow enough to shut them out.
    public var rivalTonesHz: [Double]
    /// The tone's pitch over the recording, when it drifts (from `ToneFinder`); nil for a fixed tone.
    public var toneTrack: ToneTrack?
    /// Tones that sound without a break (from `ToneFinder`): those near the keyed tone are taken out.
    public var steadyTonesHz: [Double]
    /// What the recording is expected to hold: ordinary text, or an exercise's characters.
    public var characterPrior: CharacterPrior
    /// Whether the tone search heard talk or music (`ToneSearchResult.heardTalk(besidesHz:)`): the tone's
    /// phase then judges the marks from the start (`EnvelopePipeline`).
    public var talkHeard: Bool
    /// Whether characters are wanted as they end, as a learner keys (`LiveDecoder`): with the
    /// speed given there is no warm-up, and without it a short one; every stage decides as soon
    /// as it can, and the marks before a space long enough to end a character are read then.
    public var isLive: Bool

    public init(
        sampleRate: Int, channelCount: Int, toneHz: Double, channelWeights: [Double] = [],
        speedWPM: Double? = nil, traceRangeSeconds: ClosedRange<Double>? = nil, rivalTonesHz: [Double] = [],
        toneTrack: ToneTrack? = nil, steadyTonesHz: [Double] = [], characterPrior: CharacterPrior = .text, talkHeard: Bool = false,
        isLive: Bool = false
    ) {
        self.isLive = isLive
        self.talkHeard = talkHeard
        self.characterPrior = characterPrior
        self.toneTrack = toneTrack
        self.steadyTonesHz = steadyTonesHz
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.toneHz = toneHz
        self.channelWeights = channelWeights
        self.speedWPM = speedWPM
        self.traceRangeSeconds = traceRangeSeconds
        self.rivalTonesHz = rivalTonesHz
    }
}
