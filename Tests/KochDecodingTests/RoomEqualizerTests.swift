import Foundation
import KochIO
import KochPresentation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

/// A room's echo undone by a filter learned from the recording alone: phones in rooms whose
/// echo is as loud as the direct sound or louder, with their automatic gain.
@Suite struct RoomEqualizerTests {
    /// About 50 s of keying: the filter is learned from the recording itself, and a few seconds
    /// teach it less (the first 25 s of this text, in the second room, read 14 % wrong).
    static let text = "NQVE RPNWB GMF ZLV YNNJN EKJ JG QTO ZI FH RG WJLYR KDS OWU PXTA BCZ HMY LFE QIRG VNO"

    /// A fist at 18 WPM with 15 % jitter, keyed on a steady oscillator at `frequencyHz`, recorded
    /// by a phone in a room (RT60 0.6 s, the echo 6 dB over the direct sound), its gain levelling.
    /// `restartsPhase`: the oscillator starts afresh, at a random phase, at each key-down.
    static func phoneInAnEchoingRoom(roomSeed: UInt64, frequencyHz: Double = 650, restartsPhase: Bool = false) -> [Float] {
        let keying = DecodingSignals.keying(text, startWPM: 18, jitter: 0.15, seed: 2)
        var samples: [Float]
        if restartsPhase {
            var random = SeededGenerator(seed: 40)
            samples = [Float](repeating: 0, count: Int(keying.endSeconds * 8000))
            for (start, end) in keying.intervals {
                let phase = 2 * Double.pi * random.nextUnit()
                for n in max(0, Int((start - 0.0025) * 8000))..<min(samples.count, Int((end + 0.0025) * 8000) + 1) {
                    let t = Double(n) / 8000
                    let edge = min(1, max(0, (t - start + 0.0025) / 0.005), max(0, (end + 0.0025 - t) / 0.005))
                    samples[n] += Float(0.5 * edge * sin(2 * Double.pi * frequencyHz * t + phase))
                }
            }
        } else {
            samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: frequencyHz, sampleRate: 8000)
        }
        DecodingSignals.addRoomReverberation(&samples, directToReverberantDB: -6, rt60Seconds: 0.6, sampleRate: 8000, seed: roomSeed)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 30, sampleRate: 8000, seed: 22)
        DecodingSignals.applyAutomaticGain(&samples, sampleRate: 8000)
        return samples
    }

    /// The reading before the room's echo is equalized.
    static func plainReading(_ samples: [Float], sampleRate: Int = 8000) throws -> DecodeResult {
        try DecodeSession.decode(channels: [samples], request: DecodeRequest(sampleRate: sampleRate, channelCount: 1), pass: .alone())
    }

    /// Rooms whose echo the plain reading cannot read past (its gaps filled: over 30 % of the
    /// characters misread) are read through the filter with a few mistakes at most, and the
    /// reading says so.
    @Test func aRoomsEchoIsUndoneAndTheKeyingReadRight() throws {
        for roomSeed: UInt64 in [2, 11] {
            let samples = Self.phoneInAnEchoingRoom(roomSeed: roomSeed)
            let plain = try Self.plainReading(samples)
            #expect(characterErrorRate(plain.text, Self.text) > 0.3, "room \(roomSeed): \(plain.text)")
            let result = try DecodeSession.decode(channels: [samples], sampleRate: 8000)
            // The target for a phone in an echoing room: 5 % of the characters at most.
            #expect(characterErrorRate(result.text, Self.text) <= 0.05, "room \(roomSeed): \(result.text)")
            #expect(result.roomEchoEqualized && result.roomEchoHeard)
            #expect(result.implausibilities().isEmpty, "\(result.implausibilities())")
            #expect(abs((result.toneHz ?? 0) - 650) < 0.05, "the pitch is refined to the oscillator's: \(result.toneHz ?? 0)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(DecodeRendering.json(result, file: "room.wav").utf8)) as? [String: Any])
            #expect(report["roomEchoEqualized"] as? Bool == true, "--json says the echo was equalized")
        }
    }

    /// The filter is learned only where the marks' starts keep one phase: an oscillator that
    /// starts afresh at each key-down leaves no one filter to learn, and nothing is equalized.
    @Test func anOscillatorThatRestartsItsPhaseIsNotEqualized() throws {
        func baseband(_ samples: [Float]) -> (real: [Float], imaginary: [Float], rateHz: Double) {
            var converter = BasebandConverter(
                toneHz: 650, inputRate: 8000, targetOutputRate: RoomEqualizer.sampleRateHz, bandwidthHz: RoomEqualizer.bandwidthHz)
            var real: [Float] = [], imaginary: [Float] = []
            converter.process(samples, real: &real, imaginary: &imaginary)
            return (real, imaginary, converter.outputRate)
        }
        let steady = baseband(Self.phoneInAnEchoingRoom(roomSeed: 2))
        let equalized = try #require(RoomEqualizer.equalize(real: steady.real, imaginary: steady.imaginary, rateHz: steady.rateHz))
        #expect(equalized.startCoherence > 0.95, "\(equalized.startCoherence)")
        #expect(abs(equalized.pitchOffsetHz) < 0.05, "\(equalized.pitchOffsetHz)")
        let restarting = baseband(Self.phoneInAnEchoingRoom(roomSeed: 2, restartsPhase: true))
        #expect(RoomEqualizer.equalize(real: restarting.real, imaginary: restarting.imaginary, rateHz: restarting.rateHz) == nil)
    }

    /// Mixed down 3 Hz off the oscillator, the starts' phases turn with time; the pitch where they
    /// agree is found, and the filter works there.
    @Test func thePitchIsRefinedToWhereTheStartsAgree() throws {
        var converter = BasebandConverter(
            toneHz: 647, inputRate: 8000, targetOutputRate: RoomEqualizer.sampleRateHz, bandwidthHz: RoomEqualizer.bandwidthHz)
        var real: [Float] = [], imaginary: [Float] = []
        converter.process(Self.phoneInAnEchoingRoom(roomSeed: 11), real: &real, imaginary: &imaginary)
        let equalized = try #require(RoomEqualizer.equalize(real: real, imaginary: imaginary, rateHz: converter.outputRate))
        #expect(abs(equalized.pitchOffsetHz - 3) < 0.02, "\(equalized.pitchOffsetHz)")
        #expect(equalized.unexplainedShare < 0.1, "\(equalized.unexplainedShare)")
    }

    /// Starts spread over seven minutes agree only within a thousandth of a hertz of the pitch:
    /// the search's steps are fine enough to find it there, and random phases do not agree.
    @Test func startsOverLongRecordingsFindThePitchAndRandomPhasesDoNot() {
        var random = SeededGenerator(seed: 8)
        let times = (0..<40).map { Double($0) * 10.5 + 3 * random.nextUnit() }
        let offsetHz = 1.2345
        let steps = times.map { ComplexValue(magnitude: 0.5 + random.nextUnit(), angleRadians: 0.7 + 2 * Double.pi * offsetHz * $0) }
        let found = RoomEqualizer.agreeingOffset(steps: steps, times: times)
        #expect(abs(found.offsetHz - offsetHz) < 0.0002, "\(found.offsetHz)")
        #expect(found.mean.magnitude > 0.99 && abs(found.mean.angleRadians - 0.7) < 0.15, "\(found.mean)")
        let scattered = times.map { _ in ComplexValue(magnitude: 1, angleRadians: 2 * Double.pi * random.nextUnit()) }
        #expect(RoomEqualizer.agreeingOffset(steps: scattered, times: times).mean.magnitude < RoomEqualizer.leastCoherence)
    }

    /// A keying convolved with a room's response is explained by it; the same keying with its
    /// marks run together is not.
    @Test func theKeyingAsSentExplainsTheRecordingBest() {
        var random = SeededGenerator(seed: 5)
        let response = (0..<60).map { index in
            index == 0
                ? ComplexValue(real: 1)
                : ComplexValue(real: DecodingSignals.gaussian(&random), imaginary: DecodingSignals.gaussian(&random))
                    * (0.5 * exp(-Double(index) / 15))
        }
        // Marks of 12 and 36 samples with gaps of 12, 36 and 84.
        var keying: [Bool] = []
        for index in 0..<120 {
            keying += Array(repeating: true, count: index % 3 == 0 ? 36 : 12)
            keying += Array(repeating: false, count: [12, 36, 12, 84][index % 4])
        }
        let recording = keying.indices.map { time in
            (0..<min(response.count, time + 1)).reduce(ComplexValue.zero) { $0 + (keying[time - $1] ? response[$1] : .zero) }
                + ComplexValue(real: 0.01 * DecodingSignals.gaussian(&random), imaginary: 0.01 * DecodingSignals.gaussian(&random))
        }
        let asSent = KeyingChannel.unexplainedShare(keying: keying, baseband: recording)
        #expect(asSent < 0.01, "\(asSent)")
        // Every gap of 12 samples read as key-down: the marks ran together.
        var runTogether = keying
        var index = 0
        while index < runTogether.count {
            var end = index
            while end < runTogether.count, runTogether[end] == runTogether[index] { end += 1 }
            if !runTogether[index], end - index == 12 { for gap in index..<end { runTogether[gap] = true } }
            index = end
        }
        #expect(KeyingChannel.unexplainedShare(keying: runTogether, baseband: recording) > 5 * asSent)
        #expect(KeyingChannel.unexplainedShare(keying: Array(repeating: false, count: keying.count), baseband: recording) == 1)
    }

    @Test func aHermitianSystemIsSolvedAndOneNotPositiveDefiniteRefused() throws {
        // A = B·Bᴴ + I for a complex B; x known, b = A·x.
        let b: [[ComplexValue]] = [
            [ComplexValue(real: 1, imaginary: 2), ComplexValue(real: 0, imaginary: -1), ComplexValue(real: 3)],
            [ComplexValue(real: -2, imaginary: 1), ComplexValue(real: 1, imaginary: 1), ComplexValue(real: 0, imaginary: 2)],
            [ComplexValue(real: 0.5), ComplexValue(real: 2, imaginary: -3), ComplexValue(real: 1, imaginary: 1)],
        ]
        let matrix = (0..<3).map { row in
            (0..<3).map { column in
                (0..<3).reduce(ComplexValue(real: row == column ? 1 : 0)) { $0 + b[row][$1] * b[column][$1].conjugate }
            }
        }
        let x = [ComplexValue(real: 1, imaginary: -1), ComplexValue(real: 0.5, imaginary: 2), ComplexValue(real: -3)]
        let rhs = (0..<3).map { row in (0..<3).reduce(ComplexValue.zero) { $0 + matrix[row][$1] * x[$1] } }
        let solved = try #require(HermitianSolver(matrix)).solve(rhs)
        for (found, expected) in zip(solved, x) { #expect((found - expected).magnitude < 1e-9, "\(found) for \(expected)") }
        #expect(HermitianSolver([[ComplexValue(real: 1), ComplexValue(real: 2)], [ComplexValue(real: 2), ComplexValue(real: 1)]]) == nil)
    }

    @Test func twoGroupsArePartedBetweenThem() {
        let values = Array(repeating: 0.1, count: 300) + Array(repeating: 0.9, count: 200) + [0.12, 0.85, 0.05, 1.0]
        let threshold = TwoLevelThreshold.of(values)
        #expect(threshold > 0.12 && threshold < 0.85, "\(threshold)")
        #expect(TwoLevelThreshold.of([0.4, 0.4]) == 0.4)
    }

    @Test func runsShorterThanTheFiltersRippleAreReadAsTheirNeighbours() {
        let keying = [false, false, true, false, false, false, false, true, true, true, true, true, false, true, true, true, true, false]
        let smoothed = RoomEqualizer.smoothed(keying)
        #expect(smoothed[2] == false, "a lone key-down sample is ripple")
        #expect(smoothed[12] == true, "a gap of one sample inside a mark is ripple")
        #expect(smoothed[7...11].allSatisfy { $0 }, "a run of five stands")
        #expect(smoothed[17] == false && smoothed[0] == false, "the first and last runs stand")
    }
}
