import Foundation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// Talk through the tone's filter: a voice's harmonics glide across the
/// tone's pitch and make mark-shaped bumps. Those bumps read several hertz
/// off the tone and are passed over; the tone's own marks never are; and a
/// decode with many of them is not trusted for a grade.
@Suite struct MarkPitchTests {
    static let sampleRate = 8000
    static let toneHz = 700.0
    static let text = "PARIS MORSE KOCH QUICK BROWN FOX JUMPS OVER THE LAZY DOG"

    static func keyed() -> (samples: [Float], intervals: [(Double, Double)]) {
        let keying = DecodingSignals.keying(text, startWPM: 20, effectiveWPM: 12, seed: 3)
        let samples = DecodingSignals.tone(
            keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: toneHz, sampleRate: sampleRate, amplitude: 0.3)
        return (samples, keying.intervals)
    }

    /// Voiced syllables of 150 to 350 ms whose pitch glides (as speech's does), each with its
    /// harmonics up to 2 kHz under a formant, at about the tone's level while they sound.
    static func voice(count: Int, seed: UInt64) -> [Float] {
        var random = SeededGenerator(seed: seed)
        var samples = [Float](repeating: 0, count: count)
        var start = 0.3
        let rate = Double(sampleRate)
        while Int((start + 0.4) * rate) < count {
            let length = 0.15 + 0.2 * random.nextUnit()
            let fromHz = 95 + 60 * random.nextUnit(), toHz = fromHz * (0.75 + 0.5 * random.nextUnit())
            let formantHz = 500 + 400 * random.nextUnit()
            var phase = [Double](repeating: 0, count: 20)
            let first = Int(start * rate), last = Int((start + length) * rate)
            for n in first..<last {
                let position = Double(n - first) / Double(last - first)
                let pitchHz = fromHz + (toHz - fromHz) * position
                let envelope = sin(Double.pi * position)
                var value = 0.0
                for harmonic in 1...20 where Double(harmonic) * pitchHz < 2000 {
                    let frequency = Double(harmonic) * pitchHz
                    phase[harmonic - 1] += 2 * Double.pi * frequency / rate
                    let weight = exp(-pow((frequency - formantHz) / 300, 2))
                    value += weight * sin(phase[harmonic - 1])
                }
                samples[n] += Float(0.25 * envelope * value)
            }
            start += length + 0.05 + 0.4 * random.nextUnit()
        }
        return samples
    }

    @Test func aKeyedToneAloneHasNoMarkOffItsPitch() throws {
        let result = try DecodeSession.decode(channels: [Self.keyed().samples], sampleRate: Self.sampleRate)
        #expect(result.text == Self.text)
        #expect(result.output.offPitchMarks == 0)
        #expect(!result.implausibilities().contains { if case .talkAtTheTone = $0 { true } else { false } })
    }

    /// A chirping oscillator (its pitch 40 Hz high at every key-down, settling with a time
    /// constant of 15 ms) lifts a dit's mean pitch more than a dah's, the same at every mark:
    /// each is judged against the recent marks of its kind, and none is taken for talk.
    @Test(arguments: [(40.0, 0.015, UInt64(3)), (40, 0.01, 4), (15, 0.025, 5)])
    func aChirpingOscillatorHasNoMarkOffItsPitch(chirpHz: Double, settleSeconds: Double, seed: UInt64) throws {
        let keying = DecodingSignals.keying(Self.text + " " + Self.text, startWPM: 18, endWPM: 22, jitter: 0.1, seed: seed)
        var samples = DecodingSignals.tone(
            keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: Self.toneHz, sampleRate: Self.sampleRate,
            amplitude: 0.3, chirpHz: chirpHz, chirpSettleSeconds: settleSeconds)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 15, amplitude: 0.3, sampleRate: Self.sampleRate, seed: seed)
        let result = try DecodeSession.decode(channels: [samples], sampleRate: Self.sampleRate)
        #expect(result.output.offPitchMarks == 0)
        #expect(characterErrorRate(result.text, Self.text + " " + Self.text) <= 0.02, "\(result.text)")
        #expect(result.implausibilities().isEmpty, "\(result.implausibilities())")
    }

    @Test func talkAtTheTonesLevelIsPassedOverAndMakesTheDecodeDoubtful() throws {
        let tone = Self.keyed().samples
        let voice = Self.voice(count: tone.count, seed: 9)
        let mixed = zip(tone, voice).map { $0 + $1 }
        let result = try DecodeSession.decode(channels: [mixed], sampleRate: Self.sampleRate, toneHz: Self.toneHz)
        #expect(result.output.offPitchMarks >= DoubtfulReading.fewestOffPitchMarks, "\(result.text)")
        // The tone's own marks are kept (were they all refused, nothing would be read). This
        // synthetic voice, syllables almost without pause, bent a third of the text read by the
        // pitch alone (0.34); the tone's phase from mark to mark keeps the marks talk bent and
        // passes over talk at the tone's pitch, and repairs a gap the talk filled (0.16).
        #expect(characterErrorRate(result.text, Self.text) <= 0.25, "\(result.text)")
        let doubts = result.implausibilities()
        #expect(doubts.contains { if case .talkAtTheTone = $0 { true } else { false } }, "\(doubts)")
        #expect(doubts.map(\.description).joined().contains("talk or music"))
    }

    /// Where talk is heard, a mark at the tone's pitch standing alone in a gap (it would read
    /// as an E) is the tone's only if its phase agrees closely with the one the tone's marks
    /// foretell (`TonePhase.closeAgreementRadians`): a voice's harmonic at the pitch by chance
    /// comes at any phase.
    @Test func aLoneMarkAtTheTonesPitchIsReadOnlyIfItsPhaseAgreesClosely() throws {
        let keyed = Self.keyed()
        // The middle of every gap between words (0.6 s or more without a mark).
        let gaps = zip(keyed.intervals, keyed.intervals.dropFirst()).filter { $1.0 - $0.1 > 0.6 }.map { ($0.1 + $1.0) / 2 }
        try #require(gaps.count >= 8)
        func decoded(burstTurnedDegrees: Double) throws -> DecodeResult {
            // The voice 6 dB under the tone: talk is heard, and the phase judges.
            var samples = zip(keyed.samples, Self.voice(count: keyed.samples.count, seed: 9)).map { $0 + 0.5 * $1 }
            let rate = Double(Self.sampleRate)
            for centre in gaps {
                // A dit (60 ms) at the tone's pitch and level, its phase turned from the tone's.
                for n in Int((centre - 0.03) * rate)..<Int((centre + 0.03) * rate) {
                    let t = Double(n) / rate
                    let envelope = sin(Double.pi * (t - centre + 0.03) / 0.06).squareRoot()
                    samples[n] += Float(0.3 * envelope * sin(2 * Double.pi * Self.toneHz * t + burstTurnedDegrees * Double.pi / 180))
                }
            }
            return try DecodeSession.decode(channels: [samples], sampleRate: Self.sampleRate, toneHz: Self.toneHz)
        }
        func readInGaps(_ result: DecodeResult) -> Int {
            result.output.characters.count { character in gaps.contains { abs(character.startSeconds - $0) < 0.15 } }
        }
        // At the tone's own phase such a mark is the tone's, and is read.
        let atThePhase = try decoded(burstTurnedDegrees: 0)
        #expect(readInGaps(atThePhase) >= gaps.count - 1, "\(atThePhase.text)")
        let turned = try decoded(burstTurnedDegrees: 25)
        #expect(readInGaps(turned) == 0, "\(turned.text)")
        // Passed over as talk's, and the marks and gaps read around them still follow one
        // another in time (a mark held for standing alone is passed on in its place).
        #expect(turned.output.offPitchMarks >= atThePhase.output.offPitchMarks + gaps.count - 1)
        let items =
            (turned.output.elements.map { ($0.startSeconds, $0.durationSeconds) } + turned.output.gaps.map { ($0.startSeconds, $0.durationSeconds) })
            .sorted { $0.0 < $1.0 }
        #expect(zip(items, items.dropFirst()).allSatisfy { $0.0 + $0.1 <= $1.0 + 0.001 })
    }

    @Test func theSameRecordingOnTwoChannelsIsJudgedAsOnOne() throws {
        let tone = Self.keyed().samples
        let mixed = zip(tone, Self.voice(count: tone.count, seed: 9)).map { $0 + $1 }
        let mono = try DecodeSession.decode(channels: [mixed], sampleRate: Self.sampleRate, toneHz: Self.toneHz)
        let stereo = try DecodeSession.decode(channels: [mixed, mixed], sampleRate: Self.sampleRate, toneHz: Self.toneHz)
        #expect(mono.output.offPitchMarks >= DoubtfulReading.fewestOffPitchMarks, "the talk's marks are passed over on one channel")
        #expect(stereo.output.offPitchMarks == mono.output.offPitchMarks)
        #expect(stereo.text == mono.text)
    }

    @Test func aDahIsAllowedMoreOfTalksBendThanADit() {
        // Marks 6 Hz above the tone's pitch once it is settled: a dit-long one is passed over,
        // a dah-long one (talk over a dah bends its mean pitch) is kept.
        func isOffPitch(lengthDits: Double) -> Bool {
            let ditSamples = 30
            var pitch = MarkPitch(rate: 500, channels: 1)
            let levels = SignalLevels(markLevel: 1, spaceLevel: 0.01, noiseDeviation: 0.01)
            var phase = 0.0, sample = 0
            func sound(hertz: Double, samples: Int) {
                for _ in 0..<samples {
                    pitch.add(channel: 0, real: cos(phase), imaginary: sin(phase), weight: 1)
                    pitch.close()
                    phase += 2 * Double.pi * hertz / 500
                    sample += 1
                }
            }
            for _ in 0..<MarkPitch.recentNeeded {
                let start = sample
                sound(hertz: 0, samples: ditSamples)
                _ = pitch.isOffPitch(
                    KeyingRun(isMark: true, startSample: start, lengthSamples: ditSamples), levels: levels, filterLength: 10,
                    ditSamples: ditSamples)
            }
            let start = sample, length = Int(lengthDits * Double(ditSamples))
            sound(hertz: 6, samples: length)
            return pitch.isOffPitch(
                KeyingRun(isMark: true, startSample: start, lengthSamples: length), levels: levels, filterLength: 10, ditSamples: ditSamples)
        }
        #expect(isOffPitch(lengthDits: 1))
        #expect(!isOffPitch(lengthDits: 3))
    }

    @Test func aMarksPitchIsReadFromTheFiltersOutput() {
        // A steady phasor 6 Hz above the tone, at 500 outputs a second, reads 6 Hz.
        var pitch = MarkPitch(rate: 500, channels: 1)
        for n in 0..<200 {
            let phase = 2 * Double.pi * 6 * Double(n) / 500
            pitch.add(channel: 0, real: cos(phase), imaginary: sin(phase), weight: 1)
            pitch.close()
        }
        let reading = pitch.offset(of: 50..<150, noiseDeviation: 0.01, filterLength: 20)
        #expect(reading != nil)
        #expect(abs((reading?.hertz ?? 0) - 6) < 0.01)
        #expect((reading?.deviationHz ?? 1) < 0.1, "a strong mark's pitch is read to a small fraction of a hertz")
        #expect(pitch.offset(of: 150..<260, noiseDeviation: 0.01, filterLength: 20) == nil, "outputs not yet taken are not read")
    }
}
