import Foundation
import Testing

@testable import KochAudio

@Suite struct PacedRecordingTests {
    static let sampleRateHz = 8000

    static func tone(seconds: Double) -> [Float] {
        (0..<Int(seconds * Double(sampleRateHz))).map { Float(0.5 * sin(2 * Double.pi * 600 * Double($0) / Double(sampleRateHz))) }
    }

    static func readAll(_ source: some LiveSampleSource, blockFrames: Int = 1024) throws -> [Float] {
        var all: [Float] = []
        var block = [Float](repeating: 0, count: blockFrames)
        while true {
            let count = try block.withUnsafeMutableBufferPointer { try source.read(into: $0) }
            if count == 0 { return all }
            all += block[0..<count]
        }
    }

    @Test func aRecordingIsHandedOutWholeAndNoFasterThanItPlays() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-paced-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let samples = Self.tone(seconds: 0.6)
        try WAVWriter.write(samples, sampleRate: Self.sampleRateHz, to: path)
        let recording = try PacedRecording(path: path)
        #expect(recording.sampleRateHz == Self.sampleRateHz && recording.name == path)
        let start = MonotonicClock.seconds()
        let read = try Self.readAll(recording)
        let elapsed = MonotonicClock.seconds() - start
        #expect(read.count == samples.count)
        #expect(zip(read, samples).allSatisfy { abs($0 - $1) < 1e-3 })
        #expect(elapsed > 0.55 && elapsed < 3, "0.6 s of recording came in \(elapsed) s")
        // The end stays the end.
        #expect(try Self.readAll(recording).isEmpty)
    }

    @Test func aStereoRecordingIsMixedToMono() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-paced-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A tone on the left channel only, silence on the right.
        let left = Self.tone(seconds: 0.1)
        try Self.stereoWAV(left: left, right: [Float](repeating: 0, count: left.count)).write(to: URL(fileURLWithPath: path))
        let read = try Self.readAll(try PacedRecording(path: path))
        #expect(read.count == left.count)
        #expect(zip(read, left).allSatisfy { abs($0 - $1 / 2) < 1e-3 })
    }

    /// 16-bit PCM WAV of two channels.
    static func stereoWAV(left: [Float], right: [Float]) -> Data {
        var data = Data()
        func append<Value: FixedWidthInteger>(_ value: Value) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = UInt32(left.count * 4)
        data.append(contentsOf: Array("RIFF".utf8))
        append(36 + bytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))
        append(UInt16(2))
        append(UInt32(sampleRateHz))
        append(UInt32(sampleRateHz * 4))
        append(UInt16(4))
        append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(bytes)
        for (l, r) in zip(left, right) {
            append(Int16((l * 32767).rounded()))
            append(Int16((r * 32767).rounded()))
        }
        return data
    }

    @Test func aFileThatIsNoRecordingIsNamed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-paced-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "not audio at all".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try PacedRecording(path: path)
        } throws: { error in
            "\(error)".contains(path)
        }
    }
}
