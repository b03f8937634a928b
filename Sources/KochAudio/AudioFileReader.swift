import CSndFile

/// Reads a recording through libsndfile, a block at a time, so that memory
/// stays bounded however long the recording is. Reads every format
/// libsndfile reads: WAV, FLAC, Ogg Vorbis, Opus, MP3 and more.
public final class AudioFileReader {
    public let path: String
    public let sampleRate: Int
    public let channelCount: Int
    /// Frames in the file as libsndfile reports them (may be an estimate for MP3).
    public let frameCount: Int
    private let file: OpaquePointer
    private var interleaved: [Float] = []

    public init(path: String) throws(AudioError) {
        self.path = path
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            let reason = String(cString: sf_strerror(nil))
            if reason.lowercased().contains("no such file") || reason.contains("System error") {
                throw .cannotOpen(path: path, reason: reason)
            }
            throw .unsupportedFormat(path: path, reason: reason)
        }
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(file)
            throw .unsupportedFormat(path: path, reason: "the file has no audio channels")
        }
        self.file = file
        sampleRate = Int(info.samplerate)
        channelCount = Int(info.channels)
        frameCount = Int(info.frames)
    }

    deinit { sf_close(file) }

    public var durationSeconds: Double { Double(frameCount) / Double(sampleRate) }

    /// The next block of up to `maximumFrames` frames, one array per
    /// channel; empty arrays at the end of the file.
    public func read(maximumFrames: Int) throws(AudioError) -> [[Float]] {
        let needed = maximumFrames * channelCount
        if interleaved.count < needed { interleaved = [Float](repeating: 0, count: needed) }
        let frames = interleaved.withUnsafeMutableBufferPointer { buffer in
            sf_readf_float(file, buffer.baseAddress, sf_count_t(maximumFrames))
        }
        if frames < 0 || (frames == 0 && sf_error(file) != 0) {
            throw .cannotRead(path: path, reason: String(cString: sf_strerror(file)))
        }
        let count = Int(frames)
        if channelCount == 1 { return [Array(interleaved[0..<count])] }
        var channels = [[Float]](repeating: [], count: channelCount)
        for channel in 0..<channelCount {
            channels[channel].reserveCapacity(count)
            var index = channel
            for _ in 0..<count {
                channels[channel].append(interleaved[index])
                index += channelCount
            }
        }
        return channels
    }

    /// Every remaining frame, one array per channel. For tests and short files.
    public func readAll() throws(AudioError) -> [[Float]] {
        var channels = [[Float]](repeating: [], count: channelCount)
        while true {
            let block = try read(maximumFrames: 1 << 16)
            guard let first = block.first, !first.isEmpty else { break }
            for channel in 0..<channelCount { channels[channel].append(contentsOf: block[channel]) }
        }
        return channels
    }
}
