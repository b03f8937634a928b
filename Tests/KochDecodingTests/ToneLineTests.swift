import Foundation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// The keyed tone's pitch read from the line its oscillator leaves over a recording, where talk
/// pulls the tone search's pitch.
@Suite struct ToneLineTests {
    static let rate = 6000.0

    /// `seconds` of a tone at `pitchHz` keyed by hand as text is at 20 WPM (marks of one and
    /// three 60 ms units, spaces of one, three and seven, in an irregular order, each 10 % long
    /// or short at random), whose phase either runs on while the key is up or starts afresh at
    /// each key-down, with `pitchHz` moving `driftHzPerSecond` a second.
    static func keyed(pitchHz: Double, seconds: Double = 40, restartsPhase: Bool = false, driftHzPerSecond: Double = 0) -> [Double] {
        let count = Int(seconds * rate)
        var keyDown = [Bool](repeating: false, count: count)
        var random: UInt64 = 0x9E37_79B9
        var start = Int(0.5 * rate)
        while start < count {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let markUnits = (random >> 33) % 2 == 0 ? 1 : 3
            let spaceUnits = [1, 1, 3, 7][Int((random >> 40) % 4)]
            let stretch = 0.9 + 0.2 * Double((random >> 20) % 1000) / 1000
            let end = min(count, start + Int(Double(markUnits) * 0.06 * stretch * rate))
            for index in start..<end { keyDown[index] = true }
            start = end + Int(Double(spaceUnits) * 0.06 * (2 - stretch) * rate)
        }
        var samples = [Double](repeating: 0, count: count)
        var phase = 0.0
        var keyDownAt = 0
        for index in 0..<count {
            phase += 2 * Double.pi * (pitchHz + driftHzPerSecond * Double(index) / rate) / rate
            if keyDown[index] && (index == 0 || !keyDown[index - 1]) { keyDownAt = index }
            let angle = restartsPhase ? 2 * Double.pi * pitchHz * Double(index - keyDownAt) / rate : phase
            samples[index] = keyDown[index] ? 0.5 * sin(angle) : 0
        }
        return samples
    }

    /// A voice's harmonic as loud as the tone or louder, gliding up and down around `centreHz`
    /// (±40 Hz every 1.3 s), sounding 0.7 s of every second.
    static func gliding(aroundHz centreHz: Double, seconds: Double = 40, amplitude: Double = 1) -> [Double] {
        var phase = 0.0
        return (0..<Int(seconds * rate)).map { index in
            let time = Double(index) / rate
            phase += 2 * Double.pi * (centreHz + 40 * sin(2 * Double.pi * time / 1.3)) / rate
            return time.truncatingRemainder(dividingBy: 1) < 0.7 ? amplitude * sin(phase) : 0
        }
    }

    static func blocks(_ samples: [Double]) -> [[[Float]]] {
        stride(from: 0, to: samples.count, by: 4096).map { start in
            [samples[start..<min(samples.count, start + 4096)].map { Float($0) }]
        }
    }

    @Test func theLineGivesTheTonesPitchWhereTalkPulledTheSearchs() throws {
        // The voice 6 dB over the tone, gliding through its pitch; the search's pitch 7 Hz off.
        let mixed = zip(Self.keyed(pitchHz: 623.4), Self.gliding(aroundHz: 630, amplitude: 1)).map(+)
        let pitchHz = try #require(ToneLine.pitchHz(nearHz: 616.4, blocks: Self.blocks(mixed), rateHz: Self.rate, weights: [1], carriersHz: []))
        #expect(abs(pitchHz - 623.4) < 0.05)
        // At 8 and 16 kHz the search's shorter frames let talk pull its pitch up to 27 Hz off.
        let farOff = try #require(ToneLine.pitchHz(nearHz: 594.4, blocks: Self.blocks(mixed), rateHz: Self.rate, weights: [1], carriersHz: []))
        #expect(abs(farOff - 623.4) < 0.05)
    }

    @Test func aToneThatDriftsOrRestartsItsPhaseLeavesNoLine() {
        // 0.5 Hz a second: 20 Hz over the take, all within the search about its middle.
        let drifting = Self.keyed(pitchHz: 620, driftHzPerSecond: 0.5)
        #expect(ToneLine.pitchHz(nearHz: 630, blocks: Self.blocks(drifting), rateHz: Self.rate, weights: [1], carriersHz: []) == nil)
        let restarting = Self.keyed(pitchHz: 620, restartsPhase: true)
        #expect(ToneLine.pitchHz(nearHz: 620, blocks: Self.blocks(restarting), rateHz: Self.rate, weights: [1], carriersHz: []) == nil)
    }

    @Test func aSteadyCarriersLineIsNotTakenForTheTones() {
        // A carrier 5 Hz from the tone, louder: its line is the clearest, and it is a carrier's.
        let carrier = (0..<Int(40 * Self.rate)).map { 0.8 * sin(2 * Double.pi * 615 * Double($0) / Self.rate) }
        let mixed = zip(Self.keyed(pitchHz: 620), carrier).map(+)
        #expect(ToneLine.pitchHz(nearHz: 620, blocks: Self.blocks(mixed), rateHz: Self.rate, weights: [1], carriersHz: [615]) == nil)
        #expect(
            ToneLine.pitchHz(nearHz: 620, blocks: Self.blocks(mixed), rateHz: Self.rate, weights: [1], carriersHz: []).map { abs($0 - 615) < 0.1 }
                == true)
    }

    /// A pitch given a few hertz off the oscillator's is read at the tone's line; one given
    /// within `DecodeSession.givenToneWithinHz` of it is read as given.
    @Test func aToneGivenAFewHertzOffIsReadAtItsLine() throws {
        let text = "PARIS MORSE KOCH QUICK BROWN FOX"
        let keying = DecodingSignals.keying(text, startWPM: 20, effectiveWPM: 15, seed: 4)
        let samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 652.3, sampleRate: 8000)
        let offBy6 = try DecodeSession.decode(channels: [samples], sampleRate: 8000, toneHz: 646.3)
        #expect(abs((offBy6.toneHz ?? 0) - 652.3) < 0.1)
        #expect(offBy6.text == text)
        let offBy1 = try DecodeSession.decode(channels: [samples], sampleRate: 8000, toneHz: 651.3)
        #expect(offBy1.toneHz == 651.3)
        #expect(offBy1.text == text)
    }

    @Test func theChannelsAreWeighedAndACarrierFoldedBackIsNoLine() throws {
        let tone = Self.keyed(pitchHz: 623.4).map { Float($0) }
        let silence = [Float](repeating: 0, count: tone.count)
        let stereo = stride(from: 0, to: tone.count, by: 4096).map { start in
            [Array(silence[start..<min(tone.count, start + 4096)]), Array(tone[start..<min(tone.count, start + 4096)])]
        }
        let right = try #require(ToneLine.pitchHz(nearHz: 620, blocks: stereo, rateHz: Self.rate, weights: [0, 1], carriersHz: []))
        #expect(abs(right - 623.4) < 0.05)
        #expect(ToneLine.pitchHz(nearHz: 620, blocks: stereo, rateHz: Self.rate, weights: [1, 0], carriersHz: []) == nil)
        // A carrier 90 Hz from the pitch searched and 38 dB over the tone folds back among the
        // sums (10 Hz below it), where its line is the strongest: where the search heard that
        // carrier, that line is not taken.
        let carrier = (0..<tone.count).map { 40 * sin(2 * Double.pi * 710 * Double($0) / Self.rate) }
        let mixed = Self.blocks(zip(Self.keyed(pitchHz: 620), carrier).map(+))
        let unheard = try #require(ToneLine.pitchHz(nearHz: 620, blocks: mixed, rateHz: Self.rate, weights: [1], carriersHz: []))
        #expect(abs(unheard - 610) < 0.1)
        let heard = ToneLine.pitchHz(nearHz: 620, blocks: mixed, rateHz: Self.rate, weights: [1], carriersHz: [710])
        #expect(heard == nil)
    }

    /// The search's pitch gives way to the line's only where the search heard talk beside the
    /// tone and followed no drift.
    @Test func theLineIsReadOnlyWhereTheSearchHeardTalk() {
        var kept = DecimatedRecording()
        for block in Self.blocks(Self.keyed(pitchHz: 623.4)) { _ = kept.keep(DecimatedBlock(channels: block, peakSample: 0.5)) }
        let tone = ToneCandidate(frequencyHz: 618, channel: 0, keyednessDB: 28, tonality: 1, onLevelDB: -10, offLevelDB: -38)
        let voice = ToneCandidate(frequencyHz: 700, channel: 0, keyednessDB: 30, tonality: 0.4, onLevelDB: -8, offLevelDB: -30)
        func search(unsteady: [ToneCandidate], track: ToneTrack? = nil) -> ToneSearchResult {
            ToneSearchResult(best: tone, others: [], channelWeights: [1], reason: nil, unsteady: unsteady, track: track)
        }
        let talk = search(unsteady: [voice])
        #expect(DecodeSession.readsAtLine(talk, toneHz: 618))
        let line = DecodeSession.linePitchHz(near: 618, search: talk, kept: kept, rateHz: Self.rate)
        #expect(line.map { abs($0 - 623.4) < 0.05 } == true)
        #expect(!DecodeSession.readsAtLine(search(unsteady: []), toneHz: 618))
        #expect(
            !DecodeSession.readsAtLine(search(unsteady: [voice], track: ToneTrack(blockSeconds: 1, frequenciesHz: [612, 618, 624])), toneHz: 618))
    }
}
