import Foundation
import KochTestSupport
import Testing

@testable import KochAudio

/// Sound through a real sound server, PulseAudio with a null sink (`SoundSandbox.pulse`),
/// reached through ALSA's `pulse` device. ALSA reads its configuration once in a process, so
/// these tests do not move HOME; the pulse device finds its server by PULSE_SERVER, set once
/// for this process to a folder of its own, and one server at a time runs there.
@Suite(.serialized) struct PulseSoundTests {
    static let sampleRateHz = SoundSandbox.sampleRateHz

    static let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-pulse-tests-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        setenv("PULSE_SERVER", "unix:" + path + "/run/pulse/native", 1)
        return path
    }()

    static func tone(hz: Double, seconds: Double) -> [Float] {
        (0..<Int(seconds * Double(sampleRateHz))).map { Float(0.5 * sin(2 * Double.pi * hz * Double($0) / Double(sampleRateHz))) }
    }

    @Test func aToneWrittenThroughPulseIsHeardOnTheMonitor() throws {
        let sandbox = try SoundSandbox.pulse(folder: Self.folder)
        defer { sandbox.stop() }
        let monitor = try sandbox.recordMonitor()
        SoundOutput.sleep(seconds: 0.3)
        let output = try SoundOutput(deviceName: "pulse", sampleRateHz: Self.sampleRateHz)
        #expect(output.deviceName == "pulse" && output.outputLatencySeconds > 0)
        try Self.tone(hz: 700, seconds: 1).withUnsafeBufferPointer { try output.write($0) }
        output.close()
        SoundOutput.sleep(seconds: 0.3)
        let recorded = monitor.stop()
        let tone = HeardTone(recorded, sampleRateHz: Self.sampleRateHz)
        let heard = try #require(tone, "no tone in \(recorded.count) samples from the monitor")
        #expect(abs(heard.frequencyHz - 700) < 3, "heard \(heard.frequencyHz) Hz")
        // All of it, once: a late block plays late, not twice or never.
        #expect(abs(heard.durationSeconds - 1) < 0.05, "heard \(heard.durationSeconds) s of tone")
    }

    @Test func theMicrophoneHearsWhatIsPlayed() throws {
        let sandbox = try SoundSandbox.pulse(folder: Self.folder)
        defer { sandbox.stop() }
        // The server's only source is the null sink's monitor: the default microphone.
        let input = try SoundInput(deviceName: "pulse", sampleRateHz: Self.sampleRateHz)
        let output = try SoundOutput(deviceName: "pulse", sampleRateHz: Self.sampleRateHz)
        let player = Thread {
            try? Self.tone(hz: 900, seconds: 0.8).withUnsafeBufferPointer { try output.write($0) }
            output.close()
        }
        player.start()
        var recorded: [Float] = []
        var block = [Float](repeating: 0, count: 4096)
        let start = MonotonicClock.seconds()
        while MonotonicClock.seconds() - start < 2.5 {
            let count = try block.withUnsafeMutableBufferPointer { try input.read(into: $0) }
            recorded += block[0..<count]
        }
        input.close()
        let tone = HeardTone(recorded, sampleRateHz: Self.sampleRateHz)
        let heard = try #require(tone, "no tone in \(recorded.count) samples from the microphone")
        #expect(abs(heard.frequencyHz - 900) < 3, "heard \(heard.frequencyHz) Hz")
        #expect(heard.durationSeconds > 0.5, "heard \(heard.durationSeconds) s of tone")
    }

    @Test func aServerKilledMidWriteIsALostDeviceNotAHang() throws {
        let sandbox = try SoundSandbox.pulse(folder: Self.folder)
        let output = try SoundOutput(deviceName: "pulse", sampleRateHz: Self.sampleRateHz)
        let outcome = WriteOutcome()
        let writer = Thread {
            do {
                try Self.tone(hz: 600, seconds: 20).withUnsafeBufferPointer { try output.write($0) }
            } catch {
                outcome.error = error
            }
            outcome.done.signal()
        }
        writer.start()
        SoundOutput.sleep(seconds: 0.5)
        sandbox.kill()
        #expect(outcome.done.wait(timeout: .now() + 15) == .success, "the write hung after the server died")
        // The server gone is said so, with how to start it, in no words of PortAudio's.
        guard case .serverGone(let device, let server) = outcome.error as? SoundError else {
            Issue.record("expected the device lost with its server, got \(String(describing: outcome.error))")
            return
        }
        #expect(device == "pulse")
        #expect(server.kind == .pulseAudio && !server.isAnswering)
        let said = (outcome.error as? SoundError)?.description ?? ""
        #expect(said.contains("pulseaudio --start") && !said.contains("Unanticipated"), "\(said)")
        let start = MonotonicClock.seconds()
        output.close()
        #expect(MonotonicClock.seconds() - start < 5)
    }

    @Test func aServerKilledWhileTheMicrophoneIsReadIsALostDevice() throws {
        let sandbox = try SoundSandbox.pulse(folder: Self.folder)
        let input = try SoundInput(deviceName: "pulse", sampleRateHz: Self.sampleRateHz)
        defer { input.close() }
        let outcome = WriteOutcome()
        let reader = Thread {
            var block = [Float](repeating: 0, count: 4096)
            do {
                while try block.withUnsafeMutableBufferPointer({ try input.read(into: $0) }) > 0 {}
            } catch {
                outcome.error = error
            }
            outcome.done.signal()
        }
        reader.start()
        SoundOutput.sleep(seconds: 0.5)
        sandbox.kill()
        #expect(outcome.done.wait(timeout: .now() + 15) == .success, "the read hung after the server died")
        guard case .serverGone(let device, _) = outcome.error as? SoundError else {
            Issue.record("expected the microphone lost with its server, got \(String(describing: outcome.error))")
            return
        }
        #expect(device == "pulse")
    }

    final class WriteOutcome: @unchecked Sendable {
        var error: (any Error)?
        let done = DispatchSemaphore(value: 0)
    }
}

/// A sine tone found in a recording: its frequency, from the spacing of its rising zero
/// crossings (so that gaps of silence do not count), and how long it sounded.
struct HeardTone {
    let frequencyHz: Double
    let durationSeconds: Double

    init?(_ samples: [Float], sampleRateHz: Int) {
        var crossings: [Double] = []
        for index in samples.indices.dropFirst() where samples[index - 1] < 0 && samples[index] >= 0 {
            let step = samples[index] - samples[index - 1]
            guard step > 0.01 else { continue }
            crossings.append(Double(index - 1) + Double(-samples[index - 1] / step))
        }
        let intervals = zip(crossings.dropFirst(), crossings).map { $0 - $1 }
        guard intervals.count > 10 else { return nil }
        let median = intervals.sorted()[intervals.count / 2]
        let periods = intervals.filter { abs($0 - median) < median * 0.1 }
        let periodSamples = periods.reduce(0, +) / Double(periods.count)
        frequencyHz = Double(sampleRateHz) / periodSamples
        durationSeconds = Double(periods.count + 1) * periodSamples / Double(sampleRateHz)
    }
}
