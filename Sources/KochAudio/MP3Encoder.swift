import CLame
import Foundation
import KochCore

/// Encodes mono samples to an MP3 through the LAME library: constant bit
/// rate, ID3v2 tags at the start, and the LAME/Xing info frame that lets
/// players show the right duration and trim the encoder delay.
public struct MP3Encoder: Sendable {
    public let sampleRate: Int
    public let bitrateKbps: Int
    /// LAME's algorithm quality, 0 (best, slowest) to 9 (fastest).
    public let quality: Int
    /// The top of the band kept, in Hz, when it is below LAME's own choice for the bit rate
    /// (`keepingBelow`); nil: LAME's choice.
    public private(set) var lowpassHz: Int?

    /// LAME's quality when none is asked for (`--quality`): 0 is best and slowest, 9 fastest.
    public static let defaultQuality = 5

    public init(sampleRate: Int, bitrateKbps: Int, quality: Int = defaultQuality) throws(AudioError) {
        guard let allowed = Self.bitratesKbps(sampleRate: sampleRate) else {
            throw .invalidSetting(
                "MP3 cannot be made at \(sampleRate) Hz: use one of "
                    + Self.sampleRates.map(String.init).joined(separator: ", ") + " Hz.")
        }
        guard allowed.contains(bitrateKbps) else {
            throw .invalidSetting(
                "MP3 at \(sampleRate) Hz cannot be \(bitrateKbps) kbit/s: use one of "
                    + allowed.map(String.init).joined(separator: ", ") + " kbit/s.")
        }
        guard (0...9).contains(quality) else {
            throw .invalidSetting("MP3 quality must be 0 (best) to 9 (fastest), not \(quality).")
        }
        self.sampleRate = sampleRate
        self.bitrateKbps = bitrateKbps
        self.quality = quality
    }

    /// This encoder, told that the sound holds nothing above `frequencyHz` (a spoken lesson's
    /// speech ends at the synthesizer's Nyquist frequency): LAME then spends no work above it.
    /// Unchanged when `frequencyHz` is at or above the output's own Nyquist frequency.
    public func keepingBelow(_ frequencyHz: Int) -> MP3Encoder {
        var encoder = self
        if 2 * frequencyHz < sampleRate { encoder.lowpassHz = min(lowpassHz ?? frequencyHz, frequencyHz) }
        return encoder
    }

    /// Sample rates of MPEG-1 (32, 44.1, 48 kHz: every player), MPEG-2 and MPEG-2.5.
    public static let sampleRates = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]

    /// The constant bit rates the MPEG layer III standard allows at a sample rate.
    public static func bitratesKbps(sampleRate: Int) -> [Int]? {
        switch sampleRate {
        case 32000, 44100, 48000: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        case 16000, 22050, 24000: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        case 8000, 11025, 12000: [8, 16, 24, 32, 40, 48, 56, 64]
        default: nil
        }
    }

    /// The complete MP3 file for `samples` (full scale ±1), in memory.
    /// `path` only names the file in error messages.
    public func encode(
        _ samples: [Float], tags: MP3Tags, path: String, maximumParts: Int = 8,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(AudioError) -> [UInt8] {
        var sink = MemorySink()
        try encode(SampleSource(samples), tags: tags, path: path, maximumParts: maximumParts, concurrency: concurrency, into: &sink)
        return sink.bytes
    }

    /// Encodes `source` into a new file at `temporaryPath`, reading and
    /// writing as it goes, so that no more than a few parts' frames are
    /// held; errors name `path`. The bytes are those `encode` returns.
    public func write(
        _ source: SampleSource, tags: MP3Tags, toNewFile temporaryPath: String, path: String, maximumParts: Int = 8,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(AudioError) {
        var sink = try FileSink(creating: temporaryPath, name: path)
        try encode(source, tags: tags, path: path, maximumParts: maximumParts, concurrency: concurrency, into: &sink)
    }

    /// The MP3 file for the source's samples, into `sink`.
    ///
    /// Recordings longer than a minute are cut into parts of at least half a
    /// minute (at most `maximumParts`), encoded on up to `concurrency` cores
    /// at once and joined frame by frame (see `MP3Parts`), with LAME's bit
    /// reservoir off so that each frame stands alone. The result decodes to
    /// the same number of samples, each where it was. How the audio is cut
    /// depends only on its length, so the bytes are the same whatever the
    /// concurrency. Parts are encoded `concurrency` at a time and written in
    /// order as each such round ends.
    func encode(
        _ source: SampleSource, tags: MP3Tags, path: String, maximumParts: Int, concurrency: Int, into sink: inout some ByteSink
    ) throws(AudioError) {
        let minimumPartSeconds = 30
        let count = max(1, min(maximumParts, source.count / (minimumPartSeconds * sampleRate)))
        let first = try LameSession(self, tags: tags, writesInfoFrame: true, reservoir: count == 1, path: path)
        let plan = MP3Parts(sampleCount: source.count, count: count, frameSize: first.frameSizeSamples)
        // LAME's tables are set up as each session starts; start them all
        // here, one after another, and only encode concurrently.
        var sessions = [first]
        for _ in plan.parts.dropFirst() {
            sessions.append(try LameSession(self, tags: nil, writesInfoFrame: false, reservoir: false, path: path))
        }
        var joiner = MP3Joiner(joined: plan.parts.count > 1, path: path)
        let round = max(1, concurrency)
        for roundStart in stride(from: 0, to: sessions.count, by: round) {
            let indices = Array(roundStart..<min(sessions.count, roundStart + round))
            let work = PartWork(source: source, parts: indices.map { plan.parts[$0].samples }, sessions: indices.map { sessions[$0] })
            for (offset, result) in concurrentMap(indices.count, work.encode).enumerated() {
                let frames = try result.get()
                let index = indices[offset]
                if index == 0 { try joiner.start(with: first, into: &sink) }
                try joiner.append(frames, keeping: plan.parts[index].keptFrames, isFirst: index == 0, into: &sink)
            }
        }
        try joiner.finish(padding: sessions.last?.encoderPaddingSamples ?? 0, into: &sink)
    }

    /// What each core needs to encode its part: each part has its own session,
    /// and the samples are only read.
    private struct PartWork: @unchecked Sendable {
        let source: SampleSource
        let parts: [Range<Int>]
        let sessions: [LameSession]

        @Sendable func encode(_ index: Int) -> Result<[UInt8], AudioError> {
            Result { () throws(AudioError) in try sessions[index].encodeAndFlush(source, parts[index]) }
        }
    }
}
