import Foundation
import KochAudio
import KochCore
import KochDecoding

/// Readers of audio: MP3 frames, samples from anywhere, and files in any format libsndfile or FFmpeg reads.
enum AudioHarnesses {
    /// The frames of a stream as the joiner scans them, and an info frame read and rewritten.
    static func mp3Frames(_ bytes: [UInt8]) {
        let frames = MP3FrameScanner.frames(in: bytes[...])
        for frame in frames ?? [] { _ = MP3FrameScanner.mainDataBegin(bytes[frame]) }
        guard var info = MP3InfoFrame(bytes) else { return }
        _ = (info.frameCount, info.byteCount, info.encoderPadding, info.musicCRC, info.tagCRC, info.computedTagCRC)
        info.describe(frameCount: frames?.count ?? bytes.count, audio: bytes[...], padding: Int(bytes.last ?? 0) * 16)
    }

    /// The sample rates the decoder is tried at: its lowest, a phone's, and a CD's.
    static let sampleRates = [CWDecoder.lowestSampleRate, 8000, 44100]

    /// The first byte chooses the sample rate (bits 0–1), two channels (bit 2), the
    /// samples repeated to fill a second (bit 3: square waves and other steady
    /// signals), a tone given (bit 4, the second byte's Hz × 8) and a speed given
    /// (bit 5). The rest are 32-bit floats as they lie: any value, NaN and infinities.
    static func decoderSamples(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let flags = bytes[0]
        let sampleRate = sampleRates[Int(flags & 3) % sampleRates.count]
        let channelCount = flags & 4 == 0 ? 1 : 2
        var samples = floats(bytes.dropFirst(2))
        if flags & 8 != 0, !samples.isEmpty {
            samples = (0..<sampleRate).map { samples[$0 % samples.count] }
        }
        let frameCount = samples.count / channelCount
        let channels = (0..<channelCount).map { channel in (0..<frameCount).map { samples[$0 * channelCount + channel] } }
        _ = try? DecodeSession.decode(
            channels: channels, sampleRate: sampleRate, toneHz: flags & 16 == 0 ? nil : Double(bytes[1]) * 8,
            speedWPM: flags & 32 == 0 ? nil : 20)
    }

    static func floats(_ bytes: ArraySlice<UInt8>) -> [Float] {
        stride(from: bytes.startIndex, to: bytes.endIndex - 3, by: 4).map { index in
            Float(bitPattern: UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
        }
    }

    /// Where the bytes are written for the libraries to open (one file per process, reused).
    static let audioPath = FileManager.default.temporaryDirectory.appendingPathComponent("koch-fuzz-\(getpid()).audio").path

    /// The bytes as a file (a WAV, FLAC, Ogg, MP3, M4A, AMR... header or anything
    /// else): known by its first bytes and its tags, opened by the library they choose,
    /// read block by block as `koch decode` reads, the first seconds decoded.
    static func soundFile(_ bytes: [UInt8]) {
        _ = FileSniffer.content(ofHead: Array(bytes.prefix(FileSniffer.headBytes)))
        _ = ID3TextFrames(bytes)
        guard FileManager.default.createFile(atPath: audioPath, contents: Data(bytes)),
            let reader = try? RecordingFile.open(audioPath)
        else { return }
        var channels = [[Float]](repeating: [], count: min(reader.channelCount, 8))
        while channels[0].count < 1 << 14, let block = try? reader.read(maximumFrames: 4096), let first = block.first, !first.isEmpty {
            for index in channels.indices { channels[index] += block[index] }
        }
        guard reader.sampleRate >= CWDecoder.lowestSampleRate, reader.sampleRate <= 192_000 else { return }
        _ = try? DecodeSession.decode(channels: channels, sampleRate: reader.sampleRate)
    }
}
