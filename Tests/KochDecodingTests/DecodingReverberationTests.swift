import Foundation
import KochIO
import KochPresentation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// Recordings made in a room (a phone some way from the speaker): the late
/// reverberation is found, taken out, and what is keyed is read.
@Suite struct DecodingReverberationTests {
    static let rate = 500.0

    /// Baseband of a keyed tone (power 1 in marks of 0.2 s every 0.5 s) in a room whose tail
    /// holds half the direct power and falls by 1/e in 60 ms, the tail's phase random; and
    /// steady noise of power `noisePower`.
    static func keyedInARoom(seconds: Double = 20, tailShare: Double = 0.5, noisePower: Double = 1e-4, seed: UInt64 = 3) -> (
        real: [[Float]], imaginary: [[Float]], runs: [KeyingRun]
    ) {
        var random = SeededGenerator(seed: seed)
        let count = Int(seconds * rate), keep = exp(-1 / (0.06 * rate))
        var real: [Float] = [], imaginary: [Float] = []
        var tail = 0.0
        var runs: [KeyingRun] = []
        for index in 0..<count {
            let isMark = index % 250 >= 50 && index % 250 < 150
            if index % 250 == 50 || index % 250 == 150 || index == 0 {
                runs.append(KeyingRun(isMark: isMark, startSample: index, lengthSamples: index == 0 ? 50 : isMark ? 100 : 150))
            }
            let direct = isMark ? 1.0 : 0.0
            tail = keep * tail + (1 - keep) * tailShare * direct
            let phase = 2 * Double.pi * random.nextUnit()
            let tailAmplitude = tail.squareRoot()
            let noise = (noisePower / 2).squareRoot()
            real.append(Float(direct + tailAmplitude * cos(phase) + noise * DecodingSignals.gaussian(&random)))
            imaginary.append(Float(tailAmplitude * sin(phase) + noise * DecodingSignals.gaussian(&random)))
        }
        return ([real], [imaginary], runs)
    }

    static func meanPower(_ real: [Float], _ imaginary: [Float], where keep: (Int) -> Bool) -> Double {
        let indices = real.indices.filter(keep)
        return indices.reduce(0) { $0 + Double(real[$1] * real[$1] + imaginary[$1] * imaginary[$1]) } / Double(max(1, indices.count))
    }

    @Test func theTailIsTakenOutOfTheGapsAndTheMarksKeepTheirShape() {
        var (real, imaginary, _) = Self.keyedInARoom()
        let before = (real, imaginary)
        var suppressor = ReverberationSuppressor(tailShare: 0.5, decaySeconds: 0.06, rate: Self.rate)
        suppressor.process(real: &real, imaginary: &imaginary, weights: [1], range: 0..<real[0].count)
        // 10 to 40 ms after each mark: the tail, at least 6 dB lower than it was.
        let early: (Int) -> Bool = { $0 >= 250 && $0 % 250 >= 155 && $0 % 250 < 170 }
        let tailBefore = Self.meanPower(before.0[0], before.1[0], where: early)
        let tailAfter = Self.meanPower(real[0], imaginary[0], where: early)
        #expect(10 * log10(tailBefore / tailAfter) > 6, "the tail falls from \(tailBefore) to \(tailAfter)")
        // A mark's start is kept whole; its steady part is lowered by the tail's share at most.
        let onset: (Int) -> Bool = { $0 >= 250 && $0 % 250 >= 53 && $0 % 250 < 58 }
        let steady: (Int) -> Bool = { $0 >= 250 && $0 % 250 >= 120 && $0 % 250 < 150 }
        #expect(Self.meanPower(real[0], imaginary[0], where: onset) > 0.8)
        let steadyPower = Self.meanPower(real[0], imaginary[0], where: steady)
        #expect(steadyPower > 0.6 && steadyPower < 1.05, "\(steadyPower)")
    }

    @Test func aRoomsTailIsFoundAndSteadyNoiseIsNot() throws {
        let room = Self.keyedInARoom()
        let tail = try #require(
            ReverberationSuppressor.measuredTail(
                real: room.real, imaginary: room.imaginary, weights: [1], runs: room.runs, filterLength: 1, rate: Self.rate))
        #expect(tail.isRoomTail, "\(tail)")
        #expect(tail.isEchoHeard, "the echo is heard over the room's quiet: \(tail)")
        // No room, and noise 3 dB under the marks: the gaps are as loud early as late.
        let noisy = Self.keyedInARoom(tailShare: 0, noisePower: 0.5)
        let noise = try #require(
            ReverberationSuppressor.measuredTail(
                real: noisy.real, imaginary: noisy.imaginary, weights: [1], runs: noisy.runs, filterLength: 1, rate: Self.rate))
        #expect(!noise.isRoomTail, "\(noise)")
        #expect(!noise.isEchoHeard, "noise is as loud in the quiet: \(noise)")
        // Too few marks to tell.
        #expect(
            ReverberationSuppressor.measuredTail(
                real: room.real, imaginary: room.imaginary, weights: [1], runs: Array(room.runs.prefix(10)), filterLength: 1,
                rate: Self.rate) == nil)
    }

    /// A fist keyed in a room, its echo 6 dB under the direct sound (a phone near the speaker,
    /// RT60 0.6 s): without the tail taken out, the marks run together and a tenth of the
    /// characters are misread.
    @Test func aRecordingMadeInARoomIsReadRight() throws {
        let text = "NQVE RPNWB GMF ZLV YNNJN EKJ JG QTO ZI FH RG WJLYR"
        let keying = DecodingSignals.keying(text, startWPM: 18, jitter: 0.1, seed: 5)
        var samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 650, sampleRate: 8000)
        let dry = try DecodeSession.decode(channels: [samples], sampleRate: 8000)
        #expect(dry.text == text && !dry.roomEchoTakenOut, "without a room nothing is taken out")
        DecodingSignals.addRoomReverberation(&samples, directToReverberantDB: 6, rt60Seconds: 0.6, sampleRate: 8000, seed: 7)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 25, sampleRate: 8000, seed: 9)
        let result = try DecodeSession.decode(channels: [samples], sampleRate: 8000)
        #expect(characterErrorRate(result.text, text) <= 0.02, "\(result.text)")
        #expect(result.roomEchoTakenOut || result.readFromKeySteps || result.roomEchoEqualized, "the echo was taken out, read past, or undone")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(DecodeRendering.json(result, file: "room.wav").utf8)) as? [String: Any])
        #expect(report["roomEchoTakenOut"] as? Bool == result.roomEchoTakenOut, "--json says which")
        #expect(report["readFromKeySteps"] as? Bool == result.readFromKeySteps)
    }

    /// A phone in an echoing room (the echo 6 dB over the direct sound) with its automatic
    /// gain: the gain lifts the gaps, so the tail is not seen trailing off after the marks,
    /// but the warm-up's timing reads badly although the gaps lie well under the marks. The
    /// tail is taken out all the same: 8 % of the characters misread instead of 64 % (the plain
    /// reading, before the room's echo is equalized: `RoomEqualizerTests`).
    @Test func anEchoTheAutomaticGainHidesIsTakenOutToo() throws {
        let text = "NQVE RPNWB GMF ZLV YNNJN EKJ JG QTO ZI FH RG WJLYR"
        let keying = DecodingSignals.keying(text, startWPM: 18, jitter: 0.15, seed: 2)
        var samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 650, sampleRate: 8000)
        DecodingSignals.addRoomReverberation(&samples, directToReverberantDB: -6, rt60Seconds: 0.6, sampleRate: 8000, seed: 12)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 30, sampleRate: 8000, seed: 22)
        DecodingSignals.applyAutomaticGain(&samples, sampleRate: 8000)
        let result = try RoomEqualizerTests.plainReading(samples)
        #expect(characterErrorRate(result.text, text) <= 0.1, "\(result.text)")
        #expect(result.roomEchoTakenOut)
    }

    /// A phone in a room whose echo is as strong as the direct sound (DRR 0 dB), with its
    /// automatic gain: at the tone's pitch the echo nearly cancels some rooms' marks while it
    /// rings on in the gaps, and reading the level misread 72 % and 166 % of these two rooms'
    /// characters. Read from the moments the key went down and up, both are right (the plain
    /// reading, before the room's echo is equalized).
    @Test func aRoomWhoseEchoCancelsTheMarksIsReadFromTheKeysSteps() throws {
        let text = "NQVE RPNWB GMF ZLV YNNJN EKJ JG QTO ZI FH RG WJLYR"
        for roomSeed: UInt64 in [1, 9] {
            let keying = DecodingSignals.keying(text, startWPM: 18, jitter: 0.15, seed: 2)
            var samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 650, sampleRate: 8000)
            DecodingSignals.addRoomReverberation(&samples, directToReverberantDB: 0, rt60Seconds: 0.6, sampleRate: 8000, seed: roomSeed)
            DecodingSignals.addWhiteNoise(&samples, snrDB: 30, sampleRate: 8000, seed: 22)
            DecodingSignals.applyAutomaticGain(&samples, sampleRate: 8000)
            let result = try RoomEqualizerTests.plainReading(samples)
            #expect(result.text == text, "room \(roomSeed)")
            #expect(result.readFromKeySteps, "room \(roomSeed)")
            #expect(result.signalToNoiseDB == nil, "the latch's clean envelope is not given as the recording's SNR")
        }
    }

    /// Where the echo beats the phone's gain and the reading fails, its gaps show it: a fist
    /// leaves about a dit inside characters and three between them, and these readings' gaps
    /// are far shorter. The same room and fist read right keep a fist's gaps, and no doubt. (The
    /// plain reading: equalized, the first two rooms are read right, `RoomEqualizerTests`.)
    @Test func aReadingWhoseGapsTheEchoFilledIsDoubtful() throws {
        let text = "NQVE RPNWB GMF ZLV YNNJN EKJ JG QTO ZI FH RG WJLYR"
        func decoded(roomSeed: UInt64) throws -> DecodeResult {
            let keying = DecodingSignals.keying(text, startWPM: 18, jitter: 0.15, seed: 2)
            var samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 650, sampleRate: 8000)
            DecodingSignals.addRoomReverberation(&samples, directToReverberantDB: -6, rt60Seconds: 0.6, sampleRate: 8000, seed: roomSeed)
            DecodingSignals.addWhiteNoise(&samples, snrDB: 30, sampleRate: 8000, seed: 22)
            DecodingSignals.applyAutomaticGain(&samples, sampleRate: 8000)
            return try RoomEqualizerTests.plainReading(samples)
        }
        func filledGaps(_ result: DecodeResult) -> Bool {
            result.implausibilities().contains { if case .echoFilledTheGaps = $0 { true } else { false } }
        }
        for roomSeed: UInt64 in [2, 11] {
            let result = try decoded(roomSeed: roomSeed)
            #expect(characterErrorRate(result.text, text) > 0.5, "\(result.text)")
            #expect(result.roomEchoHeard)
            #expect(filledGaps(result), "\(result.implausibilities())")
        }
        for roomSeed: UInt64 in [17, 24] {
            let result = try decoded(roomSeed: roomSeed)
            #expect(result.text == text)
            #expect(result.roomEchoHeard)
            #expect(!filledGaps(result), "\(result.implausibilities())")
        }
        let doubt = DoubtfulReading.echoFilledTheGaps(intraCharacterDits: 0.42, characterDits: 1.31).description
        #expect(doubt.contains("0.4 dits inside characters, 1.3 between them"), "\(doubt)")
    }
}
