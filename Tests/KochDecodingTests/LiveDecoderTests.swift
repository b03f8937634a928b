import Foundation
import KochCore
import KochTestSupport
import Testing

@testable import KochDecoding

/// The live decoder over keyed recordings fed as a sound card gives them: every character
/// shown, the text keyed, each shown within a word gap (7 dits) of its last mark's end.
@Suite struct LiveDecoderTests {
    static let sampleRate = 8000
    static let text = "KMRS UAPT LOW 5Q ZGN CF YJV"

    /// `text` keyed at `speedWPM` with a hand's jitter, at `toneHz`, under light noise (20 dB
    /// in 500 Hz); `leadTone`: a tuning tone that long first, then a second of silence.
    static func recording(
        _ text: String = text, speedWPM: Double, toneHz: Double, seed: UInt64 = 3, leadTone: Double = 0, sampleRate: Int = sampleRate
    ) -> [Float] {
        let lead = leadTone > 0 ? leadTone + 1.5 : 0.7
        var (intervals, end) = DecodingSignals.keying(text, startWPM: speedWPM, jitter: 0.05, seed: seed, leadSeconds: lead)
        if leadTone > 0 { intervals.insert((0.5, 0.5 + leadTone), at: 0) }
        end += 0.5
        var samples = DecodingSignals.tone(intervals, durationSeconds: end, frequencyHz: toneHz, sampleRate: sampleRate)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 20, sampleRate: sampleRate, seed: seed + 10)
        return samples
    }

    /// Feeds `samples` in blocks of `blockSamples`; the characters shown, with `finish()`'s.
    static func shown(
        _ samples: [Float], blockSamples: Int, toneHz: Double?, speedWPM: Double?, sampleRate: Int = sampleRate
    ) throws -> [LiveCharacter] {
        var decoder = try LiveDecoder(sampleRateHz: sampleRate, toneHz: toneHz, speedWPM: speedWPM)
        var characters: [LiveCharacter] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + blockSamples)
            characters += samples[start..<end].withUnsafeBufferPointer { decoder.process($0) }
            start = end
        }
        return characters + decoder.finish()
    }

    static func text(of characters: [LiveCharacter]) -> String {
        characters.map { ($0.wordSpaceBefore ? " " : "") + ($0.text ?? "*") }.joined()
    }

    /// How long after its last mark each character was shown, in dits at `speedWPM`.
    static func delaysInDits(_ characters: [LiveCharacter], speedWPM: Double) -> [Double] {
        characters.map { $0.displayDelaySeconds / Timing.unitSeconds(wpm: speedWPM) }
    }

    /// The characters shown once the first was, as they end: those that ended after the first was shown.
    static func afterWarmUp(_ characters: [LiveCharacter]) -> [LiveCharacter] {
        guard let first = characters.first?.shownAtSeconds else { return [] }
        return characters.filter { $0.endSeconds > first }
    }

    @Test(arguments: [(15.0, 600.0), (20.0, 700.0), (25.0, 800.0)])
    func showsEveryCharacterWithinAWordGap(speedWPM: Double, toneHz: Double) throws {
        let samples = Self.recording(speedWPM: speedWPM, toneHz: toneHz)
        let shown = try Self.shown(samples, blockSamples: Self.sampleRate / 50, toneHz: toneHz, speedWPM: speedWPM)
        let batch = try DecodeSession.decode(channels: [samples], sampleRate: Self.sampleRate, toneHz: toneHz, speedWPM: speedWPM)
        #expect(Self.text(of: shown) == Self.text)
        #expect(batch.output.text == Self.text)
        let delays = Self.delaysInDits(shown, speedWPM: speedWPM)
        #expect(delays.allSatisfy { $0 > 0 && $0 <= 7 }, "\(delays)")
        // Each once, in order.
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0.endSeconds < $1.startSeconds && $0.shownAtSeconds <= $1.shownAtSeconds })
    }

    /// A sound card's microphone at 48 kHz, read in blocks of 10 ms.
    @Test func readsASoundCardsRate() throws {
        let samples = Self.recording(speedWPM: 20, toneHz: 700, sampleRate: 48000)
        let shown = try Self.shown(samples, blockSamples: 480, toneHz: nil, speedWPM: 20, sampleRate: 48000)
        #expect(Self.text(of: shown) == Self.text)
        let delays = Self.delaysInDits(shown, speedWPM: 20)
        #expect(delays.allSatisfy { $0 <= 7 }, "\(delays)")
    }

    @Test func timesEachElementAsKeyed() throws {
        let (intervals, _) = DecodingSignals.keying(Self.text, startWPM: 20, jitter: 0.05, seed: 3, leadSeconds: 0.7)
        let shown = try Self.shown(Self.recording(speedWPM: 20, toneHz: 700), blockSamples: 160, toneHz: 700, speedWPM: 20)
        let elements = shown.flatMap(\.elements)
        try #require(elements.count == intervals.count)
        for (element, (start, end)) in zip(elements, intervals) {
            #expect(abs(element.startSeconds - start) < 0.01 && abs(element.durationSeconds - (end - start)) < 0.01, "\(element) \(start) \(end)")
        }
        for character in shown {
            #expect(character.pattern == String(character.elements.map(\.element.rawValue)))
            #expect(character.startSeconds == character.elements.first?.startSeconds)
        }
    }

    @Test(arguments: [(nil, nil), (650.0, nil), (nil, 20.0)] as [(Double?, Double?)])
    func learnsWhatIsNotGiven(toneHz givenTone: Double?, speedWPM givenSpeed: Double?) throws {
        let samples = Self.recording(speedWPM: 20, toneHz: 650)
        for blockSamples in [80, 400] {
            let shown = try Self.shown(samples, blockSamples: blockSamples, toneHz: givenTone, speedWPM: givenSpeed)
            #expect(Self.text(of: shown) == Self.text)
            // Without the speed, the first characters wait for the warm-up; the rest show as they end.
            let timed = givenSpeed == nil ? Self.afterWarmUp(shown) : shown
            #expect(timed.count >= shown.count - 3)
            #expect((shown.first?.shownAtSeconds ?? .infinity) <= CWDecoder.liveWarmUpSeconds.upperBound)
            let delays = Self.delaysInDits(timed, speedWPM: 20)
            #expect(delays.allSatisfy { $0 <= 7 }, "\(delays)")
        }
        var decoder = try LiveDecoder(sampleRateHz: Self.sampleRate, toneHz: givenTone, speedWPM: givenSpeed)
        _ = samples.withUnsafeBufferPointer { decoder.process($0) }
        #expect(abs((decoder.toneHz ?? 0) - 650) < 10)
    }

    /// A send drill a character at a time: each keyed after a pause of seconds, each shown as it ends.
    @Test func showsCharactersKeyedOneAtATime() throws {
        var intervals: [(Double, Double)] = []
        var time = 0.7
        for (index, letter) in "KMRSU5Q".enumerated() {
            let (marks, end) = DecodingSignals.keying(String(letter), startWPM: 18, jitter: 0.05, seed: UInt64(index + 1), leadSeconds: time)
            intervals += marks
            time = end + 4
        }
        var samples = DecodingSignals.tone(intervals, durationSeconds: time, frequencyHz: 700, sampleRate: Self.sampleRate)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 20, sampleRate: Self.sampleRate, seed: 8)
        for tone in [700.0, nil] as [Double?] {
            let shown = try Self.shown(samples, blockSamples: 160, toneHz: tone, speedWPM: 20)
            #expect(shown.map { $0.text ?? "*" }.joined() == "KMRSU5Q")
            let delays = Self.delaysInDits(shown, speedWPM: 18)
            #expect(delays.allSatisfy { $0 <= 7 }, "\(delays)")
        }
    }

    /// A tone given a little off the oscillator's (read off a keyer's setting) is still read.
    @Test(arguments: [-12.0, 12.0])
    func readsAToneGivenALittleOff(offsetHz: Double) throws {
        let shown = try Self.shown(Self.recording(speedWPM: 20, toneHz: 700 + offsetHz), blockSamples: 160, toneHz: 700, speedWPM: 20)
        #expect(Self.text(of: shown) == Self.text)
    }

    @Test func followsALearnerSlowerThanTheExercise() throws {
        let shown = try Self.shown(Self.recording(speedWPM: 16, toneHz: 700), blockSamples: 160, toneHz: 700, speedWPM: 20)
        #expect(Self.text(of: shown) == Self.text)
        let delays = Self.delaysInDits(shown, speedWPM: 16)
        #expect(delays.allSatisfy { $0 <= 7 }, "\(delays)")
    }

    @Test(arguments: [(700.0, 20.0), (nil, 20.0), (nil, nil)] as [(Double?, Double?)])
    func aTuningToneFirstIsNoCharacter(toneHz: Double?, speedWPM: Double?) throws {
        let samples = Self.recording(speedWPM: 20, toneHz: 700, leadTone: 3)
        let shown = try Self.shown(samples, blockSamples: 160, toneHz: toneHz, speedWPM: speedWPM)
        #expect(Self.text(of: shown) == Self.text)
        let delays = Self.delaysInDits(speedWPM == nil ? Self.afterWarmUp(shown) : shown, speedWPM: 20)
        #expect(delays.allSatisfy { $0 <= 7 }, "\(delays)")
    }

    @Test(arguments: [(700.0, 20.0), (nil, 20.0), (700.0, nil), (nil, nil)] as [(Double?, Double?)])
    func silenceOrNoiseShowsNothing(toneHz: Double?, speedWPM: Double?) throws {
        var noise = [Float](repeating: 0, count: 8 * Self.sampleRate)
        DecodingSignals.addWhiteNoise(&noise, snrDB: 0, sampleRate: Self.sampleRate, seed: 5)
        for samples in [[Float](repeating: 0, count: 8 * Self.sampleRate), noise] {
            var decoder = try LiveDecoder(sampleRateHz: Self.sampleRate, toneHz: toneHz, speedWPM: speedWPM)
            var shown: [LiveCharacter] = []
            for start in stride(from: 0, to: samples.count, by: 160) {
                shown += samples[start..<min(samples.count, start + 160)].withUnsafeBufferPointer { decoder.process($0) }
            }
            shown += decoder.finish()
            #expect(shown.isEmpty)
            if toneHz == nil { #expect(decoder.toneHz == nil) }
        }
    }

    @Test func blockSizeDoesNotChangeTheCharacters() throws {
        let samples = Self.recording("PARIS 73 KOCH", speedWPM: 20, toneHz: 700)
        func read(_ block: Int) throws -> [[String]] {
            try Self.shown(samples, blockSamples: block, toneHz: 700, speedWPM: 20).map {
                [$0.text ?? "*", $0.pattern, "\($0.wordSpaceBefore)", String(format: "%.4f %.4f", $0.startSeconds, $0.endSeconds)]
            }
        }
        let one = try read(1)
        #expect(one.map { $0[0] }.joined() == "PARIS73KOCH")
        #expect(one == (try read(Self.sampleRate)))
        #expect(one == (try read(160)))
    }

    @Test func refusesWhatItCannotRead() {
        #expect(throws: DecoderError.sampleRateTooLow(1000)) { try LiveDecoder(sampleRateHz: 1000, toneHz: nil, speedWPM: nil) }
        #expect(throws: DecoderError.speedOutOfRange(90)) { try LiveDecoder(sampleRateHz: 8000, toneHz: nil, speedWPM: 90) }
        #expect(throws: DecoderError.toneOutOfRange(frequencyHz: 5000, sampleRate: 8000)) {
            try LiveDecoder(sampleRateHz: 8000, toneHz: 5000, speedWPM: 20)
        }
    }
}
