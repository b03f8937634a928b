import CSndFile
import Glibc
import KochCore

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
    private var framesRead = 0
    /// Whether `frameCount` is exact (an MP3's is an estimate).
    private let frameCountIsExact: Bool

    public init(path: String) throws(AudioError) {
        self.path = path
        try Self.checkReadable(path)
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw .unsupportedFormat(path: path, reason: String(cString: sf_strerror(nil)))
        }
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(file)
            throw .unsupportedFormat(path: path, reason: "the file has no audio channels")
        }
        self.file = file
        sampleRate = Int(info.samplerate)
        channelCount = Int(info.channels)
        frameCount = Int(info.frames)
        frameCountIsExact = info.format & Int32(SF_FORMAT_TYPEMASK) != Int32(SF_FORMAT_MPEG)
        // libsndfile reads a WAV or AIFF cut short as far as it goes, and notes in its log
        // what the header promised: "data : 944000 (should be 32000)".
        if let (promised, held) = Self.promisedAndHeldBytes(log: Self.log(of: file)), held > 0 {
            sf_close(file)
            let heldSeconds = durationSeconds
            throw .truncated(path: path, promisedSeconds: heldSeconds * Double(promised) / Double(held), heldSeconds: heldSeconds)
        }
    }

    /// Throws `cannotOpen` unless `path` is there, is no folder, and can be opened for reading,
    /// so that whatever libsndfile then refuses is the file's format, not its place on the disk.
    static func checkReadable(_ path: String) throws(AudioError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .cannotOpen(path: path, reason: SystemErrorText.reason(errno)) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .cannotOpen(path: path, reason: "it is a folder, not a recording") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: SystemErrorText.reason(errno)) }
        close(descriptor)
    }

    private static func log(of file: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 8192)
        _ = sf_command(file, Int32(SFC_GET_LOG_INFO), &buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The data chunk's size as the header gives it and as the file holds it, when the header
    /// promises more. A size the writer never filled in (a recorder streaming to the file
    /// writes the largest size a 32-bit field holds, signed or not) promises nothing.
    static func promisedAndHeldBytes(log: String) -> (promised: Int, held: Int)? {
        for line in log.split(separator: "\n") where (line.hasPrefix("data") || line.hasPrefix("SSND")) && line.contains("should be") {
            let numbers = line.split { !$0.isNumber }.compactMap { Int($0) }
            guard numbers.count >= 2 else { continue }
            let promised = numbers[numbers.count - 2], held = numbers[numbers.count - 1]
            if promised > held, !unfilledSizes.contains(promised) { return (promised, held) }
        }
        return nil
    }

    private static let unfilledSizes: Set<Int> = [0xFFFF_FFFF, 0x7FFF_FFFF]

    deinit { sf_close(file) }

    /// The file's own tags (a WAV's INFO chunk): artist and comment, when it has them.
    public var tags: (artist: String?, comment: String?) {
        func string(_ kind: Int) -> String? { sf_get_string(file, Int32(kind)).map { String(cString: $0) } }
        return (string(Int(SF_STR_ARTIST)), string(Int(SF_STR_COMMENT)))
    }

    public var durationSeconds: Double { Double(frameCount) / Double(sampleRate) }

    /// The next block of up to `maximumFrames` frames, one array per
    /// channel; empty arrays at the end of the file. A file that ends before
    /// its header says it does is an error (`AudioError.truncated`).
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
        framesRead += count
        // A file cut short (a recording stopped by a full disk, a copy interrupted) still opens,
        // with a header that promises more than the file holds.
        // (Compressed formats may count a few frames of padding: only half a second or more missing counts.)
        if count == 0, frameCountIsExact, frameCount - framesRead > max(sampleRate / 2, frameCount / 100) {
            throw .truncated(path: path, promisedSeconds: durationSeconds, heldSeconds: Double(framesRead) / Double(sampleRate))
        }
        if channelCount == 1 { return [Array(interleaved[0..<count])] }
        let stride = channelCount
        return interleaved.withUnsafeBufferPointer { frames in
            (0..<stride).map { channel in
                [Float](unsafeUninitializedCapacity: count) { samples, initialized in
                    guard let source = frames.baseAddress, let target = samples.baseAddress else { return }
                    for index in 0..<count { (target + index).initialize(to: source[index * stride + channel]) }
                    initialized = count
                }
            }
        }
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
