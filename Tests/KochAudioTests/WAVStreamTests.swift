import Foundation
import KochAudio
import Testing

/// A WAV written as its samples come: whole on disk after every append, and the same once closed.
@Suite struct WAVStreamTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-wavstream-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A second of a 700 Hz tone at half scale, 48 kHz.
    static let samples: [Float] = (0..<48_000).map { Float(0.5 * sin(2 * Double.pi * 700 * Double($0) / 48_000)) }

    static func readBack(_ path: String) throws -> [Float] {
        let reader = try AudioFileReader(path: path)
        #expect(reader.sampleRate == 48_000 && reader.channelCount == 1)
        return try reader.readAll().first ?? []
    }

    static func isClose(_ read: [Float], to written: ArraySlice<Float>) -> Bool {
        read.count == written.count && zip(read, written).allSatisfy { abs($0 - $1) <= 1.0 / 32_000 }
    }

    @Test func whatWasAppendedIsReadBackBeforeAndAfterItIsClosed() throws {
        let path = folder + "/heard.wav"
        let stream = try WAVStream(path: path, sampleRate: 48_000)
        // In blocks of 20 ms, as the microphone's come; half of them before the first reading.
        let blocks = stride(from: 0, to: Self.samples.count, by: 960).map { $0..<min($0 + 960, Self.samples.count) }
        for block in blocks.prefix(25) {
            try Self.samples[block].withUnsafeBufferPointer { try stream.append($0) }
        }
        // Not closed (a session ended without closing it): the file holds everything appended.
        #expect(Self.isClose(try Self.readBack(path), to: Self.samples[0..<24_000]))
        for block in blocks.dropFirst(25) {
            try Self.samples[block].withUnsafeBufferPointer { try stream.append($0) }
        }
        try stream.close()
        #expect(stream.frameCount == Self.samples.count)
        #expect(Self.isClose(try Self.readBack(path), to: Self.samples[...]))
    }

    @Test func aFolderThatIsNotThereIsAnErrorNamingTheFile() {
        do {
            _ = try WAVStream(path: folder + "/missing/heard.wav", sampleRate: 48_000, naming: "practice/x.keying.wav")
            Issue.record("a stream was opened in a folder that is not there")
        } catch {
            #expect("\(error)".contains("practice/x.keying.wav"), "\(error)")
        }
    }
}
