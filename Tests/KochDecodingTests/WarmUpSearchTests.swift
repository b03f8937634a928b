import Foundation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// The warm-up on its own: from the first seconds at baseband, the sender's speed, how
/// unevenly they key, and how short a filter the signal allows.
@Suite struct WarmUpSearchTests {
    static let rate = 500.0
    static let text = "PARIS MORSE KOCH QUICK BROWN FOX"

    /// The warm-up of `text` keyed at `wpm` (its baseband, `noiseDeviation` of noise in each
    /// component against a tone of 0.25), told the speed where `speedWPM` is given.
    static func search(
        _ text: String = text, wpm: Double, jitter: Double = 0, noiseDeviation: Double = 0.002, speedWPM: Double? = nil, seed: UInt64 = 1
    ) -> WarmUpSearch {
        let keying = DecodingSignals.keying(text, startWPM: wpm, jitter: jitter, seed: seed)
        let baseband = KeyedBaseband.make(keying.intervals, durationSeconds: keying.endSeconds, noiseDeviation: noiseDeviation, seed: seed)
        return WarmUpSearch(
            configuration: DecoderConfiguration(sampleRate: 8000, channelCount: 1, toneHz: 700, speedWPM: speedWPM), rate: rate,
            weights: [1], real: [baseband.real], imaginary: [baseband.imaginary], assembler: CharacterAssembler())
    }

    /// A model that knows nothing yet: the dit of 15 WPM.
    static let unlearned = TimingModel(ditSeconds: 0.08)

    @Test(arguments: [8.0, 12.0, 20.0, 30.0, 40.0])
    func learnsTheDitLengthOfAKeyedRun(wpm: Double) throws {
        let settled = try #require(Self.search(wpm: wpm).settle(final: true, current: Self.unlearned))
        // Within half a step of the dits tried (each 1.25 times the one before).
        let ditSeconds = Timing.unitSeconds(wpm: wpm)
        #expect(abs(settled.model.ditSeconds / ditSeconds - 1) < 0.12, "dit of \(settled.model.ditSeconds) s, keyed \(ditSeconds) s")
        #expect(abs(exp(settled.model.dahLog) / settled.model.ditSeconds - 3) < 0.3)
        // The runs of the filter settled on are the keying's: a mark for every element keyed.
        let marks = DecodingSignals.keying(Self.text, startWPM: wpm).intervals.count
        #expect(settled.runs.count(where: \.isMark) == marks)
    }

    @Test func waitsForEightMarksUnlessTheRecordingHasEnded() throws {
        // E E E: three marks.
        let search = Self.search("E E E", wpm: 20)
        #expect(search.settle(final: false, current: Self.unlearned) == nil)
        let settled = try #require(search.settle(final: true, current: Self.unlearned))
        #expect(settled.runs.count(where: \.isMark) == 3)
        // Enough marks settle it before the end.
        #expect(Self.search(wpm: 20).settle(final: false, current: Self.unlearned) != nil)
    }

    @Test func measuresHowUnevenlyAHandKeys() throws {
        let machine = try #require(Self.search(wpm: 18).settle(final: true, current: Self.unlearned))
        let hand = try #require(Self.search(wpm: 18, jitter: 0.3, seed: 5).settle(final: true, current: Self.unlearned))
        // A machine's marks lie on the dit and the dah; a hand whose marks vary by 30 % spreads
        // them by about that (0.3 in log seconds).
        #expect(machine.handSpread < 0.1)
        #expect(hand.handSpread > 0.25 && hand.handSpread < 0.45)
    }

    @Test func aStrongSignalTakesAShorterFilterThanAWeakOne() throws {
        let strong = try #require(Self.search(wpm: 20).settle(final: true, current: Self.unlearned))
        #expect(strong.filterScale < 0.8)
        #expect(strong.filterScale >= WarmUpSearch.shortestFilterScale)
        // σ 0.1 against 0.25: through the probe's 8 ms the tone stands 5 times the noise.
        let weak = try #require(Self.search(wpm: 20, noiseDeviation: 0.1, seed: 3).settle(final: true, current: Self.unlearned))
        #expect(weak.filterScale == 1)
        #expect(!strong.talkHeard && !weak.talkHeard)
    }

    @Test func aGivenSpeedBoundsTheDitLearned() throws {
        // Keyed at 12 WPM (dits of 100 ms), said to be 40: the dit learned stays within 1.5
        // times the 30 ms given.
        let settled = try #require(Self.search(wpm: 12, speedWPM: 40).settle(final: true, current: Self.unlearned))
        #expect(abs(settled.model.ditSeconds - 0.03 * WarmUpSearch.speedHintFactor) < 0.0005)
        let unbounded = try #require(Self.search(wpm: 12).settle(final: true, current: Self.unlearned))
        #expect(abs(unbounded.model.ditSeconds - 0.1) < 0.008)
    }
}
