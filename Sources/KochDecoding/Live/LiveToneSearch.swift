import KochCore

/// The search for a live reading's tone, or for the line of the one given: the tone finder over what has
/// been heard, asked now and then whether a keyed tone stands out, with the samples held to
/// be read once it does. A learner tuning up with a long tone first is heard as a steady
/// carrier until the keying begins.
struct LiveToneSearch: Sendable {
    let sampleRateHz: Int
    private var finder: ToneFinder
    /// The samples heard, from `heldStartSample` on (the oldest let go past `longestHeldSeconds`).
    private(set) var held: [Float] = []
    private(set) var heldStartSample = 0
    private var heardSamples = 0
    private var nextAskSample: Int

    /// The finder is first asked after this long...
    static let firstAskSeconds = 1.0
    /// ...then this often.
    static let askEverySeconds = 0.5
    /// The samples held while no tone is found: keying older than this is not read.
    static let longestHeldSeconds = 30.0

    /// `nearHz`: the tone given, which may be a little off the oscillator's (read off a keyer's
    /// setting): the search looks within `ToneCandidate.sameToneWithinHz` of it.
    init(sampleRateHz: Int, nearHz: Double? = nil) {
        self.sampleRateHz = sampleRateHz
        let range = nearHz.map {
            max(50, $0 - ToneCandidate.sameToneWithinHz)...min(CWDecoder.highestToneHz(sampleRate: sampleRateHz), $0 + ToneCandidate.sameToneWithinHz)
        }
        finder = ToneFinder(sampleRate: sampleRateHz, channelCount: 1, searchRangeHz: range)
        nextAskSample = Int(Self.firstAskSeconds * Double(sampleRateHz))
    }

    /// Takes a block; returns the keyed tone once the finder hears one (nil until then, and
    /// between askings).
    mutating func add(_ samples: [Float]) -> ToneCandidate? {
        finder.process([samples])
        held += samples
        heardSamples += samples.count
        let longest = Int(Self.longestHeldSeconds * Double(sampleRateHz))
        // Let go a second at a time, so that the held samples are not moved at every block.
        if held.count > longest + sampleRateHz {
            let excess = held.count - longest
            held.removeFirst(excess)
            heldStartSample += excess
        }
        guard heardSamples >= nextAskSample else { return nil }
        nextAskSample = heardSamples + Int(Self.askEverySeconds * Double(sampleRateHz))
        return finder.result().best
    }

    /// The keyed tone, if any, asked at the end of what was heard.
    func finalTone() -> ToneCandidate? {
        finder.result().best
    }
}
