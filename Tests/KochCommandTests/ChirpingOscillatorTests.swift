import Foundation
import KochCore
import KochIO
import Testing

/// A learner's keying on a chirping oscillator (a cheap one, an old rig): its pitch starts
/// high at every key-down and settles within a few tens of milliseconds. Read as the tone it
/// is, it is graded; talk over the tone is still refused (`TalkOverTheToneTests`,
/// `ImplausibleRecordingTests`).
@Suite struct ChirpingOscillatorTests {
    struct Keying: Sendable, CustomTestStringConvertible {
        let chirpHz: Double
        let settleSeconds: Double
        let speedWPM: Double
        let toneHz: Double
        let seed: UInt64
        var testDescription: String { "\(chirpHz) Hz settling in \(settleSeconds) s, \(speedWPM) WPM at \(toneHz) Hz" }
    }

    static let keyings = [
        Keying(chirpHz: 40, settleSeconds: 0.015, speedWPM: 20, toneHz: 650, seed: 1),
        Keying(chirpHz: 40, settleSeconds: 0.015, speedWPM: 16, toneHz: 600, seed: 2),
        Keying(chirpHz: 40, settleSeconds: 0.01, speedWPM: 22, toneHz: 750, seed: 3),
        Keying(chirpHz: 15, settleSeconds: 0.025, speedWPM: 18, toneHz: 700, seed: 4),
    ]

    @Test(arguments: keyings)
    func aChirpingOscillatorsKeyingIsGradedAsKeyed(keying: Keying) throws {
        let scratch = try GradingScratch()
        let key = try scratch.lesson(level: 10, seed: Int(keying.seed), minutes: 1, direction: .send)
        let audio = scratch.folder + "/keying.wav"
        try SendPracticeTests.recordKeying(
            SendPracticeTests.sentText(key), to: audio, speedWPM: keying.speedWPM, toneHz: keying.toneHz, seed: keying.seed,
            chirpHz: keying.chirpHz, chirpSettleSeconds: keying.settleSeconds, noiseSNRDB: 15)
        let result = try KochBinary.run(
            ["grade", "--key", key, "--audio", audio, "--progress", scratch.progressPath, "--date", "2026-11-21T19:30", "--json"],
            environment: ["TZ": "UTC"])
        #expect(result.succeeded, "\(result.standardError)")
        let report = try jsonObject(result.standardOutput)
        let accuracy = try #require(report["accuracy"] as? Double, "\(result.standardError)")
        #expect(accuracy >= 0.98, "\(report["recording"] ?? "")")
        #expect(try scratch.sessions().map(\.direction) == [.send], "graded and recorded")
    }
}
