import CLame
import Foundation

/// Encodes mono samples to an MP3 through the LAME library: constant bit
/// rate, ID3v2 tags at the start, and the LAME/Xing info frame that lets
/// players show the right duration and trim the encoder delay.
public struct MP3Encoder: Sendable {
    public let sampleRate: Int
    public let bitrateKbps: Int
    /// LAME's algorithm quality, 0 (best, slowest) to 9 (fastest).
    public let quality: Int

    public init(sampleRate: Int, bitrateKbps: Int, quality: Int = 5) throws(AudioError) {
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

    /// The complete MP3 file for `samples` (full scale ±1). `path` only names
    /// the file in error messages.
    ///
    /// Recordings longer than a minute are cut into parts of at least half a
    /// minute (at most `maximumParts`), encoded on up to `concurrency` cores
    /// at once and joined frame by frame (see `MP3Parts`), with LAME's bit
    /// reservoir off so that each frame stands alone. The result decodes to
    /// the same number of samples, each where it was. How the audio is cut
    /// depends only on its length, so the bytes are the same whatever the
    /// concurrency.
    public func encode(
        _ samples: [Float], tags: MP3Tags, path: String, maximumParts: Int = 8,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(AudioError) -> [UInt8] {
        let minimumPartSeconds = 30
        let count = max(1, min(maximumParts, samples.count / (minimumPartSeconds * sampleRate)))
        let joined = count > 1
        let first = try LameSession(self, tags: tags, writesInfoFrame: true, reservoir: !joined, path: path)
        let plan = MP3Parts(sampleCount: samples.count, count: count, frameSize: first.frameSizeSamples)
        // LAME's tables are set up as each session starts; start them all
        // here, one after another, and only encode concurrently.
        var sessions = [first]
        for _ in plan.parts.dropFirst() {
            sessions.append(try LameSession(self, tags: nil, writesInfoFrame: false, reservoir: false, path: path))
        }
        let results = Results(count: plan.parts.count)
        samples.withUnsafeBufferPointer { all in
            let work = PartWork(samples: all, parts: plan.parts.map(\.samples), sessions: sessions, results: results)
            if concurrency <= 1 || sessions.count == 1 {
                for index in sessions.indices { work.encode(index) }
            } else {
                DispatchQueue.concurrentPerform(iterations: sessions.count) { work.encode($0) }
            }
        }
        var parts = try results.all()

        // The info frame is the first frame, rewritten now that the length is
        // known. At the smallest frame sizes (8 to 12 kHz at low bit rates)
        // LAME has no room for it and writes none; a constant bit rate file
        // still shows its length there.
        let lameFrame = first.infoFrame()
        var info = lameFrame.isEmpty ? nil : MP3InfoFrame(lameFrame)
        guard lameFrame.isEmpty || (info != nil && parts[0].count >= lameFrame.count) else {
            throw .encoder(path: path, reason: "LAME's info frame does not fit the audio")
        }
        if joined {
            var audio: [UInt8] = []
            var frameCount = 0
            for (index, part) in plan.parts.enumerated() {
                let skipped = index == 0 ? lameFrame.count : 0
                guard let frames = MP3FrameScanner.frames(in: parts[index][skipped...]) else {
                    throw .encoder(path: path, reason: "LAME wrote a frame koch cannot follow")
                }
                let kept = frames[min(part.keptFrames.lowerBound, frames.count)..<min(part.keptFrames.upperBound, frames.count)]
                for frame in kept { audio.append(contentsOf: parts[index][frame]) }
                frameCount += kept.count
            }
            parts = [lameFrame + audio]
            info?.describe(frameCount: frameCount, audio: audio[...], padding: sessions.last?.encoderPaddingSamples ?? 0)
        }
        var output = first.id3v2Tag()
        let audioStart = output.count
        output.append(contentsOf: parts[0])
        if let info {
            output.replaceSubrange(audioStart..<(audioStart + lameFrame.count), with: info.bytes)
        }
        return output
    }

    /// What each core needs to encode its part: each part has its own session
    /// and its own slot for the result, and the samples are only read.
    private struct PartWork: @unchecked Sendable {
        let samples: UnsafeBufferPointer<Float>
        let parts: [Range<Int>]
        let sessions: [LameSession]
        let results: Results

        func encode(_ index: Int) {
            let part = UnsafeBufferPointer(rebasing: samples[parts[index]])
            results.store(index, Result { () throws(AudioError) in try sessions[index].encodeAndFlush(part) })
        }
    }

    /// Each part's frames, filled in concurrently.
    private final class Results: @unchecked Sendable {
        private var results: [Result<[UInt8], AudioError>?]
        private let lock = NSLock()

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func store(_ index: Int, _ result: Result<[UInt8], AudioError>) {
            lock.lock()
            results[index] = result
            lock.unlock()
        }

        func all() throws(AudioError) -> [[UInt8]] {
            var parts: [[UInt8]] = []
            for result in results {
                guard let result else { throw .encoder(path: "", reason: "a part was not encoded") }
                parts.append(try result.get())
            }
            return parts
        }
    }
}
