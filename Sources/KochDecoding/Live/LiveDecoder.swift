import KochCore

/// Decodes a learner's keying as it is heard (a microphone, a receiver's audio), showing each
/// character as soon as the space after it is long enough to end it: within a word gap (7
/// dits) of its last mark, once the tone and the speed are known.
///
/// The tone is searched for, near the one given if any, until a keyed tone stands out (a
/// second or two of keying; a tuning tone first is heard as a carrier), and what was heard
/// so far is then read at its pitch: a tone given from a keyer's setting may be 10 Hz off
/// the oscillator's, as much as the matched filter's band at 20 WPM.
///
/// It is the batch decoder (`CWDecoder`) in its live reading (`DecoderConfiguration.isLive`):
/// with the speed given, no warm-up, and the timing followed from the first mark; without it,
/// a warm-up of 2 to 12 seconds that learns it from the first marks. Nothing is read twice: what it shows is a first reading, not graded; a recording of the
/// session is graded by `DecodeSession`, with its second readings and plausibility checks.
public struct LiveDecoder: Sendable {
    public let sampleRateHz: Int
    public let speedWPM: Double?
    /// The tone read: the one given until the tone finder has found the keyed one (nil till then if none was given).
    public private(set) var toneHz: Double?
    private var decoder: CWDecoder?
    private var search: LiveToneSearch?
    /// The samples heard so far.
    private var heardSamples = 0
    /// The stream's time of the decoder's first sample (where the tone search let go of older ones).
    private var decoderStartSeconds = 0.0

    public init(sampleRateHz: Int, toneHz: Double?, speedWPM: Double?) throws(DecoderError) {
        guard sampleRateHz >= CWDecoder.lowestSampleRate else { throw .sampleRateTooLow(sampleRateHz) }
        if let speedWPM, !DecoderConfiguration.speedRangeWPM.contains(speedWPM) { throw .speedOutOfRange(speedWPM) }
        self.sampleRateHz = sampleRateHz
        self.speedWPM = speedWPM
        if let toneHz { _ = try CWDecoder(configuration: Self.configuration(sampleRateHz: sampleRateHz, toneHz: toneHz, speedWPM: speedWPM)) }
        self.toneHz = toneHz
        givenToneHz = toneHz
        search = LiveToneSearch(sampleRateHz: sampleRateHz, nearHz: toneHz)
    }

    /// The tone given, read where the search finds no keyed tone near it.
    private let givenToneHz: Double?

    /// Whether the tone sounds now, as late as the reading's decisions (a few tens of
    /// milliseconds): false while the tone is searched for.
    public var isMarkOn: Bool { decoder?.isMarkOn ?? false }

    /// When the tone last stopped, in seconds from the stream's start: the end of the last mark
    /// heard, known before the character it belongs to is read (a pause in a keyed over is timed
    /// from it, not from the last character read). Nil before the first mark, and while the tone
    /// is searched for.
    public var lastMarkEndSeconds: Double? { decoder?.lastMarkEndSeconds.map { $0 + decoderStartSeconds } }

    static func configuration(sampleRateHz: Int, toneHz: Double, speedWPM: Double?) -> DecoderConfiguration {
        DecoderConfiguration(sampleRate: sampleRateHz, channelCount: 1, toneHz: toneHz, speedWPM: speedWPM, isLive: true)
    }

    /// The characters that ended in what has been heard so far, each once, in order. Samples
    /// that are not numbers are read as silence, and those beyond ±100 are clipped.
    public mutating func process(_ samples: UnsafeBufferPointer<Float>) -> [LiveCharacter] {
        let block = DecodeSession.usable([Array(samples)])[0]
        heardSamples += block.count
        if var decoder = decoder.take() {
            let output = decoder.process([block])
            self.decoder = decoder
            return characters(of: output)
        }
        guard var search = search.take() else { return [] }
        guard let tone = search.add(block) else {
            self.search = search
            return []
        }
        return start(at: tone.frequencyHz, replaying: search)
    }

    /// The characters still held when the stream ends (the last, whose space has not ended).
    public mutating func finish() -> [LiveCharacter] {
        var shown: [LiveCharacter] = []
        if let search = search.take(), let toneHz = search.finalTone()?.frequencyHz ?? givenToneHz {
            shown = start(at: toneHz, replaying: search)
        }
        guard var decoder = decoder.take() else { return shown }
        let output = decoder.finish()
        self.decoder = decoder
        return shown + characters(of: output)
    }

    /// Starts the decoder at the tone found, and reads the samples the search held, in blocks
    /// of 20 ms as a sound card gives them.
    private mutating func start(at frequencyHz: Double, replaying search: LiveToneSearch) -> [LiveCharacter] {
        guard
            frequencyHz <= CWDecoder.highestToneHz(sampleRate: sampleRateHz),
            var decoder = try? CWDecoder(configuration: Self.configuration(sampleRateHz: sampleRateHz, toneHz: frequencyHz, speedWPM: speedWPM))
        else { return [] }
        toneHz = frequencyHz
        decoderStartSeconds = Double(search.heldStartSample) / Double(sampleRateHz)
        var output = DecoderOutput()
        let held = search.held, step = max(1, sampleRateHz / 50)
        var start = 0
        while start < held.count {
            let end = min(held.count, start + step)
            output.append(decoder.process([Array(held[start..<end])]))
            start = end
        }
        self.decoder = decoder
        return characters(of: output)
    }

    /// The decoder's characters as shown now, each with its elements and times from the stream's start.
    private func characters(of output: DecoderOutput) -> [LiveCharacter] {
        let shownAt = Double(heardSamples) / Double(sampleRateHz), offset = decoderStartSeconds
        var elements = output.elements[...]
        return output.characters.map { character in
            let marks = elements.prefix(character.elements.count).map {
                TimedElement(element: $0.element, startSeconds: $0.startSeconds + offset, durationSeconds: $0.durationSeconds)
            }
            elements = elements.dropFirst(character.elements.count)
            return LiveCharacter(
                text: character.text == "*" ? nil : character.text, pattern: String(character.elements.map(\.rawValue)),
                elements: marks, startSeconds: character.startSeconds + offset, endSeconds: character.endSeconds + offset,
                shownAtSeconds: shownAt, wordSpaceBefore: character.startsWord)
        }
    }
}
