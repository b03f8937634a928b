import Foundation
import Testing

@testable import KochAudio

@Suite struct SoundOutputTests {
    static let sampleRateHz = 48000

    @Test func nullOutputPlaysOneSecondInAboutOneSecond() throws {
        let output = try SoundOutput(deviceName: "null", sampleRateHz: Self.sampleRateHz)
        let second = [Float](repeating: 0, count: Self.sampleRateHz)
        let start = MonotonicClock.seconds()
        try second.withUnsafeBufferPointer { try output.write($0) }
        output.close()
        let elapsed = MonotonicClock.seconds() - start
        #expect(elapsed > 0.9 && elapsed < 3, "1 s of audio took \(elapsed) s")
        #expect(output.framesWritten == Self.sampleRateHz)
        #expect(output.deviceName == "null" && output.outputLatencySeconds == 0)
    }

    @Test func nullOutputAfterAPauseDoesNotCatchUp() throws {
        let output = try SoundOutput(deviceName: "null", sampleRateHz: Self.sampleRateHz)
        let tenth = [Float](repeating: 0, count: Self.sampleRateHz / 10)
        try tenth.withUnsafeBufferPointer { try output.write($0) }
        SoundOutput.sleep(seconds: 0.4)
        let half = [Float](repeating: 0, count: Self.sampleRateHz / 2)
        let start = MonotonicClock.seconds()
        try half.withUnsafeBufferPointer { try output.write($0) }
        let elapsed = MonotonicClock.seconds() - start
        // Half a second written after the pause still plays in half a second, less the lead.
        #expect(elapsed > 0.4, "0.5 s of audio after a pause took \(elapsed) s")
    }

    @Test func closeFromAnotherThreadStopsAWriteUnderWay() throws {
        let output = try SoundOutput(deviceName: "null", sampleRateHz: Self.sampleRateHz)
        let finished = DispatchSemaphore(value: 0)
        let writer = Thread {
            let tenSeconds = [Float](repeating: 0, count: Self.sampleRateHz * 10)
            try? tenSeconds.withUnsafeBufferPointer { try output.write($0) }
            finished.signal()
        }
        writer.start()
        SoundOutput.sleep(seconds: 0.3)
        output.close()
        #expect(finished.wait(timeout: .now() + 3) == .success, "the write went on after close")
        #expect(output.framesWritten < Self.sampleRateHz * 3)
        // Writes after close are dropped, not an error.
        try [Float](repeating: 0, count: 64).withUnsafeBufferPointer { try output.write($0) }
    }

    @Test func unknownDeviceNamesTheDevicesThereAre() {
        #expect {
            _ = try SoundOutput(deviceName: "no-such-sound-device-anywhere", sampleRateHz: Self.sampleRateHz)
        } throws: { error in
            guard case .noSuchDevice(let name, _) = error as? SoundError else { return false }
            return name == "no-such-sound-device-anywhere"
        }
    }
}
