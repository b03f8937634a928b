import Foundation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// The tone search on its own: a recording's samples in, block by block; the keyed tone,
/// what was passed over, the steady carriers and the channels' weights out.
@Suite struct ToneFinderTests {
    static let sampleRate = 8000
    static let text = "PARIS MORSE KOCH QUICK BROWN FOX"

    /// `text` keyed at 20 WPM at `toneHz`.
    static func keyed(toneHz: Double, amplitude: Double = 0.3, seed: UInt64 = 1) -> [Float] {
        let keying = DecodingSignals.keying(text, startWPM: 20, seed: seed)
        return DecodingSignals.tone(
            keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: toneHz, sampleRate: sampleRate, amplitude: amplitude)
    }

    /// A sine at `frequencyHz` sounding throughout `count` samples.
    static func steady(frequencyHz: Double, amplitude: Double, count: Int) -> [Float] {
        (0..<count).map { Float(amplitude * sin(2 * Double.pi * frequencyHz * Double($0) / Double(sampleRate))) }
    }

    /// What the search makes of `channels`, fed in blocks of 4096 samples.
    static func search(_ channels: [[Float]]) -> ToneSearchResult {
        var finder = ToneFinder(sampleRate: sampleRate, channelCount: channels.count)
        let count = channels.map(\.count).min() ?? 0
        for start in stride(from: 0, to: count, by: 4096) {
            finder.process(channels.map { Array($0[start..<min(count, start + 4096)]) })
        }
        return finder.result()
    }

    @Test func findsTheKeyedPitchInNoise() throws {
        var samples = Self.keyed(toneHz: 700)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 10, amplitude: 0.3, sampleRate: Self.sampleRate, seed: 3)
        let result = Self.search([samples])
        let best = try #require(result.best, "\(String(describing: result.reason))")
        #expect(abs(best.frequencyHz - 700) < 3)
        #expect(best.keyednessDB > 20)
        #expect(best.tonality >= ToneFinder.minimumTonality)
        #expect(result.rivals.isEmpty && result.unsteady.isEmpty && result.steadyTonesHz.isEmpty)
        #expect(result.track == nil)
    }

    @Test func findsAKeyedToneBesideASteadyCarrier() throws {
        // A carrier 80 Hz above the keyed tone, 10 dB louder, sounding throughout.
        var samples = Self.keyed(toneHz: 700)
        let carrier = Self.steady(frequencyHz: 780, amplitude: 0.95, count: samples.count)
        samples = zip(samples, carrier).map { $0 + $1 }
        DecodingSignals.addWhiteNoise(&samples, snrDB: 20, amplitude: 0.3, sampleRate: Self.sampleRate, seed: 5)
        let result = Self.search([samples])
        let best = try #require(result.best)
        #expect(abs(best.frequencyHz - 700) < 3)
        let carrierHz = try #require(result.steadyTonesHz.first)
        #expect(abs(carrierHz - 780) < 2)
    }

    @Test func namesASteadyCarrierAloneAsSteady() throws {
        var samples = Self.steady(frequencyHz: 650, amplitude: 0.3, count: 20 * Self.sampleRate)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 20, amplitude: 0.3, sampleRate: Self.sampleRate, seed: 7)
        let result = Self.search([samples])
        #expect(result.best == nil)
        guard case let .steadyCarrier(frequencyHz) = result.reason else {
            Issue.record("\(String(describing: result.reason))")
            return
        }
        #expect(abs(frequencyHz - 650) < 2)
    }

    @Test func findsNothingKeyedInSilenceOrNoise() {
        let silence = [Float](repeating: 0, count: 10 * Self.sampleRate)
        #expect(Self.search([silence]).reason == .silence)
        var noise = silence
        DecodingSignals.addWhiteNoise(&noise, snrDB: 0, amplitude: 0.3, sampleRate: Self.sampleRate, seed: 9)
        let result = Self.search([noise])
        #expect(result.best == nil)
        #expect(result.reason == .noKeyedTone(searchedHz: 300...1500))
    }

    @Test func passesOverTalkForTheKeyedTone() throws {
        let tone = Self.keyed(toneHz: 700)
        let voice = MarkPitchTests.voice(count: tone.count, seed: 11)
        let result = Self.search([zip(tone, voice).map { $0 + $1 }])
        let best = try #require(result.best)
        #expect(abs(best.frequencyHz - 700) < 3)
        #expect(!result.unsteady.isEmpty)
        #expect(result.unsteady.allSatisfy { $0.tonality < ToneFinder.minimumTonality || $0.keyednessDB < ToneFinder.clearKeyednessDB })
        #expect(result.heardTalk(besidesHz: best.frequencyHz))
    }

    @Test func weighsOnlyTheChannelThatCarriesTheTone() throws {
        // Left: the keyed tone in a little noise. Right: louder noise alone.
        var left = Self.keyed(toneHz: 600)
        DecodingSignals.addWhiteNoise(&left, snrDB: 20, amplitude: 0.3, sampleRate: Self.sampleRate, seed: 13)
        var right = [Float](repeating: 0, count: left.count)
        DecodingSignals.addWhiteNoise(&right, snrDB: 0, amplitude: 0.3, sampleRate: Self.sampleRate, seed: 14)
        let result = Self.search([left, right])
        let best = try #require(result.best)
        #expect(best.channel == 0 && abs(best.frequencyHz - 600) < 3)
        #expect(result.channelWeights == [1, 0])
    }

    @Test func followsAToneThatDrifts() throws {
        // 650 Hz rising to 710 Hz over a minute of keying, as a cheap oscillator does.
        let keying = DecodingSignals.keying(String(repeating: "PARIS MORSE KOCH ", count: 6), startWPM: 20, seed: 15)
        let startHz = 650.0, hzPerSecond = 60 / keying.endSeconds
        var samples = [Float](repeating: 0, count: Int(keying.endSeconds * Double(Self.sampleRate)))
        var phase = 0.0, next = 0
        for index in samples.indices {
            let t = Double(index) / Double(Self.sampleRate)
            phase += 2 * Double.pi * (startHz + hzPerSecond * t) / Double(Self.sampleRate)
            while next < keying.intervals.count, keying.intervals[next].1 < t { next += 1 }
            if next < keying.intervals.count, keying.intervals[next].0 <= t { samples[index] = Float(0.3 * sin(phase)) }
        }
        DecodingSignals.addWhiteNoise(&samples, snrDB: 20, amplitude: 0.3, sampleRate: Self.sampleRate, seed: 16)
        let result = Self.search([samples])
        let track = try #require(result.track)
        for seconds in stride(from: 10.0, to: keying.endSeconds - 10, by: 10) {
            #expect(abs(track.frequencyHz(atSeconds: seconds) - (startHz + hzPerSecond * seconds)) < 5, "at \(seconds) s")
        }
        // Every bin the tone passed is the tone's: no other station.
        #expect(result.others.isEmpty)
    }
}
