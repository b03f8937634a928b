import Foundation
@testable import KochAudio
import KochCore
import KochTestSupport
import Testing

/// A long lesson is encoded in parts on several cores and joined at
/// silences; the joined file must decode as if encoded in one piece.
@Suite struct ParallelMP3Tests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-parallel-\(UUID().uuidString)").path
    let tags = MP3Tags(title: "t", album: "a", artist: "koch", track: 1, trackCount: 1, comment: "c")

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func lessonSamples(sampleRate: Int, minutes: Double = 1.5) throws -> [Float] {
        var settings = LessonSettings()
        settings.minutes = minutes
        settings.level = 20
        return ToneSynthesizer(frequencyHz: 600, sampleRate: sampleRate).render(try Lesson(settings: settings).timeline)
    }

    func decode(_ bytes: [UInt8], name: String) throws -> [Float] {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try AudioFileReader(path: path).readAll()[0]
    }

    /// (Rates whose frames hold an info frame: without one, no decoder trims
    /// LAME's lead-in, joined or not.)
    @Test(arguments: [(44100, 64), (22050, 64), (48000, 96), (32000, 48)])
    func partsDecodeToTheSameSamplesInTheSamePlaces(sampleRate: Int, bitrateKbps: Int) throws {
        let samples = try lessonSamples(sampleRate: sampleRate)
        let encoder = try MP3Encoder(sampleRate: sampleRate, bitrateKbps: bitrateKbps)
        let whole = try decode(try encoder.encode(samples, tags: tags, path: "whole", maximumParts: 1), name: "whole.mp3")
        let joinedBytes = try encoder.encode(samples, tags: tags, path: "joined", maximumParts: 4)
        let joined = try decode(joinedBytes, name: "joined.mp3")

        #expect(whole.count == samples.count)
        #expect(joined.count == samples.count)
        // Every element where it was: the joined decode differs from the one-piece
        // decode by no more than the codec's own noise, seams included.
        let difference = zip(whole, joined).map { abs($0 - $1) }.max() ?? 1
        #expect(difference < 0.05, "largest difference \(difference)")
        let error = zip(samples, joined).map { Double($0 - $1) * Double($0 - $1) }.reduce(0, +)
        let signal = samples.map { Double($0) * Double($0) }.reduce(0, +)
        #expect(10 * log10(signal / error) > 20, "signal to coding noise")
    }

    @Test func bytesDoNotDependOnHowManyCoresEncode() throws {
        let samples = try lessonSamples(sampleRate: 22050)
        let encoder = try MP3Encoder(sampleRate: 22050, bitrateKbps: 64)
        let serial = try encoder.encode(samples, tags: tags, path: "serial", concurrency: 1)
        let concurrent = try encoder.encode(samples, tags: tags, path: "concurrent", concurrency: 8)
        #expect(serial == concurrent)
    }

    @Test func joinedFileHasAConsistentInfoFrame() throws {
        let samples = try lessonSamples(sampleRate: 44100, minutes: 3)
        let encoder = try MP3Encoder(sampleRate: 44100, bitrateKbps: 64)
        let bytes = try encoder.encode(samples, tags: tags, path: "joined", maximumParts: 3)
        let audioStart = 10 + bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        let info = try #require(MP3InfoFrame(Array(bytes[audioStart..<(audioStart + 208)])))
        #expect(info.byteCount == bytes.count - audioStart)
        #expect(info.frameCount * 1152 == samples.count + 576 + info.encoderPadding)
        #expect(info.tagCRC == info.computedTagCRC)
        #expect(info.musicCRC == MP3InfoFrame.crc16(bytes[(audioStart + 208)...]))
    }

    @Test func seamsFallInSilenceAndSkipWhatLAMEAdds() throws {
        let samples = try lessonSamples(sampleRate: 44100)
        let seams = samples.withUnsafeBufferPointer { MP3Seams.plan($0, count: 4, delay: 576, frameSize: 1152) }
        #expect(seams.parts.count == 4)
        for (part, next) in zip(seams.parts, seams.parts.dropFirst()) {
            let skipped = next.lowerBound - part.upperBound
            let padding = MP3Seams.padding(samples: part.count, delay: 576, frameSize: 1152)
            #expect(skipped == padding + 576)
            #expect(samples[(part.upperBound - 1152)..<(next.lowerBound + 1152)].allSatisfy { $0 == 0 })
        }
        // Noise everywhere: no silence to cut at, one part.
        var noisy = samples
        for i in noisy.indices { noisy[i] += Float(i % 7) * 1e-4 }
        #expect(noisy.withUnsafeBufferPointer { MP3Seams.plan($0, count: 4, delay: 576, frameSize: 1152) }.parts.count == 1)
    }

    @Test func infoFrameRewriteOfASingleStreamChangesNothing() throws {
        let samples = try lessonSamples(sampleRate: 44100, minutes: 1)
        let encoder = try MP3Encoder(sampleRate: 44100, bitrateKbps: 64)
        let bytes = try encoder.encode(samples, tags: tags, path: "one", maximumParts: 1)
        let audioStart = 10 + bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        let original = try #require(MP3InfoFrame(Array(bytes[audioStart..<(audioStart + 208)])))
        var rewritten = original
        rewritten.describe(frameCount: original.frameCount, audio: bytes[(audioStart + 208)...], padding: original.encoderPadding)
        #expect(rewritten.bytes == original.bytes)
    }
}
