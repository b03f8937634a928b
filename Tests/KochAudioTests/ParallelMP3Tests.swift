import Foundation
import KochCore
import KochSound
import KochTestSupport
import Testing

@testable import KochAudio

/// A long lesson is encoded in parts on several cores and joined frame by
/// frame; the joined file must decode as if encoded in one piece.
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
        // decode by no more than coding noise (a frame out of place would differ
        // by the signal itself), and is as close to the original.
        let differences = zip(whole, joined).map { abs($0 - $1) }
        let largest = differences.indices.max { differences[$0] < differences[$1] } ?? 0
        #expect(differences[largest] < 0.1, "largest difference \(differences[largest]) at sample \(largest) of \(samples.count)")
        func snr(_ decoded: [Float]) -> Double {
            let error = zip(samples, decoded).map { Double($0 - $1) * Double($0 - $1) }.reduce(0, +)
            return 10 * log10(samples.map { Double($0) * Double($0) }.reduce(0, +) / error)
        }
        #expect(abs(snr(joined) - snr(whole)) < 1, "joined \(snr(joined)) dB, whole \(snr(whole)) dB")
        #expect(snr(joined) > 20, "signal to coding noise")
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

    @Test func partsOverlapAndKeepEveryFrameOfTheWholeOnce() {
        let plan = MP3Parts(sampleCount: 100 * 1152 + 17, count: 4, frameSize: 1152)
        #expect(plan.parts.count == 4)
        var nextFrame = 0
        for part in plan.parts {
            let firstFrame = part.samples.lowerBound / 1152
            #expect(part.samples.lowerBound % 1152 == 0)
            #expect(firstFrame + part.keptFrames.lowerBound == nextFrame)
            if part.keptFrames.upperBound != Int.max {
                nextFrame = firstFrame + part.keptFrames.upperBound
                // It encodes past the frames it keeps, and warms up before them.
                #expect(part.samples.upperBound >= (nextFrame + MP3Parts.lookaheadFrames) * 1152)
            }
            #expect(part.keptFrames.lowerBound == (part.samples.lowerBound == 0 ? 0 : MP3Parts.warmUpFrames))
        }
        #expect(plan.parts.last?.samples.upperBound == 100 * 1152 + 17)
    }

    @Test func joinedFramesBorrowNoBitsFromTheFramesBefore() throws {
        let samples = try lessonSamples(sampleRate: 44100)
        let bytes = try MP3Encoder(sampleRate: 44100, bitrateKbps: 64).encode(samples, tags: tags, path: "joined", maximumParts: 3)
        let audioStart = 10 + bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        let frames = try #require(MP3FrameScanner.frames(in: bytes[audioStart...]))
        #expect(frames.dropFirst().allSatisfy { MP3FrameScanner.mainDataBegin(bytes[$0]) == 0 })
    }

    @Test func noisyAudioJoinsAsWellAsClearAudio() throws {
        var samples = try lessonSamples(sampleRate: 44100)
        var conditions = BandConditions()
        conditions.qrn = QRN(snrDB: 6)
        conditions.apply(to: &samples, sampleRate: 44100, toneHz: 600, seed: 1, signalPeakAmplitude: 0.708)
        let encoder = try MP3Encoder(sampleRate: 44100, bitrateKbps: 64)
        func snr(_ decoded: [Float]) -> Double {
            let error = zip(samples, decoded).map { Double($0 - $1) * Double($0 - $1) }.reduce(0, +)
            return 10 * log10(samples.map { Double($0) * Double($0) }.reduce(0, +) / error)
        }
        let whole = try decode(try encoder.encode(samples, tags: tags, path: "whole", maximumParts: 1), name: "noisy-whole.mp3")
        let joined = try decode(try encoder.encode(samples, tags: tags, path: "joined", maximumParts: 3), name: "noisy-joined.mp3")
        #expect(joined.count == samples.count)
        #expect(abs(snr(joined) - snr(whole)) < 0.5, "joined \(snr(joined)) dB, whole \(snr(whole)) dB")
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
