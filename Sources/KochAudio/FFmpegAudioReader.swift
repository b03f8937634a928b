import CFFmpeg
import KochCore

/// Reads a recording through FFmpeg's libraries (libavformat, libavcodec, libswresample) a block at a
/// time: what phones and recorders make and libsndfile does not read, M4A/MP4 and AAC, 3GP with AMR,
/// Opus or Vorbis in WebM and Matroska. Samples come as Float at the file's own rate, one array per
/// channel, as `AudioFileReader` gives them, so that the decoder reads both alike.
public final class FFmpegAudioReader: RecordingReader {
    public let path: String
    public let sampleRate: Int
    public let channelCount: Int
    /// FFmpeg's name of the sound's codec ("aac", "amrnb", "opus").
    public let codecName: String
    /// Frames the container says the sound lasts, when it says (0 when not).
    public let promisedFrames: Int
    private let handles: FFmpegHandles
    private let streamIndex: Int32
    private var pending: [[Float]]
    private var converted: [Float] = []
    private var framesRead = 0
    private var finished = false
    /// The length of the last packet given to the decoder, in frames.
    private var packetFrames = 0
    private let timeBase: AVRational
    /// Packets the decoder refused before it gave any sound, and since it last gave some.
    private var refusedAtStart = 0
    private var refusedInARow = 0
    /// The sample format the resampler was made for.
    private var inputFormat: Int32?

    public init(path: String) throws(AudioError) {
        self.path = path
        try AudioFileReader.checkReadable(path)
        if let failure = FFmpegHandles.loadFailure {
            throw .cannotRead(
                path: path, reason: "reading it needs FFmpeg's libraries (Debian: libavformat59, libavcodec59, libswresample4): \(failure)")
        }
        let handles = FFmpegHandles()
        self.handles = handles
        var code = koch_avformat_open_input(&handles.format, path, nil, nil)
        guard code >= 0, let format = handles.format else { throw .unsupportedFormat(path: path, reason: FFmpegHandles.reason(code)) }
        code = koch_avformat_find_stream_info(format, nil)
        guard code >= 0 else { throw .unsupportedFormat(path: path, reason: FFmpegHandles.reason(code)) }
        var decoder: UnsafePointer<AVCodec>?
        streamIndex = koch_av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
        guard streamIndex >= 0, let decoder, let stream = format.pointee.streams[Int(streamIndex)] else {
            throw Self.noSound(streamIndex, in: format, path: path)
        }
        guard let codec = koch_avcodec_alloc_context3(decoder) else { throw .cannotRead(path: path, reason: "FFmpeg has no memory for a decoder") }
        handles.codec = codec
        code = koch_avcodec_parameters_to_context(codec, stream.pointee.codecpar)
        if code >= 0 { code = koch_avcodec_open2(codec, decoder, nil) }
        guard code >= 0 else { throw .unsupportedFormat(path: path, reason: FFmpegHandles.reason(code)) }
        guard codec.pointee.sample_rate > 0, codec.pointee.ch_layout.nb_channels > 0 else {
            throw .unsupportedFormat(path: path, reason: "the file has no audio channels")
        }
        guard codec.pointee.sample_rate <= 768_000, codec.pointee.ch_layout.nb_channels <= 64 else {
            throw .unsupportedFormat(path: path, reason: "its header gives no sample rate or channel count a recording has")
        }
        sampleRate = Int(codec.pointee.sample_rate)
        channelCount = Int(codec.pointee.ch_layout.nb_channels)
        codecName = String(cString: decoder.pointee.name)
        timeBase = stream.pointee.time_base
        // A length worked out from the bit rate (raw AAC or AMR) is a guess, and promises nothing.
        let guessed = format.pointee.duration_estimation_method == AVFMT_DURATION_FROM_BITRATE
        promisedFrames = guessed ? 0 : Self.frames(ticks: stream.pointee.duration, of: timeBase, sampleRate: sampleRate)
        pending = [[Float]](repeating: [], count: channelCount)
    }

    /// Why a file FFmpeg opened gives no sound to decode: none in it, or none this FFmpeg decodes.
    private static func noSound(_ code: Int32, in format: UnsafeMutablePointer<AVFormatContext>, path: String) -> AudioError {
        let streams = UnsafeBufferPointer(start: format.pointee.streams, count: Int(format.pointee.nb_streams))
        if code == koch_averror_decoder_not_found() {
            return .unsupportedFormat(path: path, reason: "its sound is in a codec this FFmpeg does not decode")
        }
        if streams.contains(where: { $0?.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO }) {
            return .notARecording(path: path, what: "a video with no sound")
        }
        return .unsupportedFormat(path: path, reason: "it holds no sound")
    }

    /// A length in the stream's ticks as frames at `sampleRate`; 0 when it is unknown or beyond reason
    /// (a damaged header may say anything).
    private static func frames(ticks: Int64, of timeBase: AVRational, sampleRate: Int) -> Int {
        guard ticks > 0, timeBase.num > 0, timeBase.den > 0 else { return 0 }
        let frames = Double(ticks) * Double(timeBase.num) / Double(timeBase.den) * Double(sampleRate)
        return frames < Double(Int32.max) * 1024 ? Int(frames) : 0
    }

    public var durationSeconds: Double { Double(promisedFrames) / Double(sampleRate) }

    /// The next block of up to `maximumFrames` frames, one array per channel; empty arrays at the
    /// end of the file. A file that ends well before its container says it does is
    /// `AudioError.truncated`.
    public func read(maximumFrames: Int) throws(AudioError) -> [[Float]] {
        while pending[0].count < maximumFrames, !finished { try decodeMore() }
        let count = min(maximumFrames, pending[0].count)
        let block = pending.map { Array($0[0..<count]) }
        for channel in pending.indices { pending[channel].removeFirst(count) }
        framesRead += count
        // (Encoders pad and trim a little: only half a second or more missing counts.)
        if count == 0, promisedFrames - framesRead > max(sampleRate / 2, promisedFrames / 100) {
            throw .truncated(path: path, promisedSeconds: durationSeconds, heldSeconds: Double(framesRead) / Double(sampleRate))
        }
        return block
    }

    /// Takes the decoder's next frame into `pending`, or gives it the next packet of the sound.
    private func decodeMore() throws(AudioError) {
        guard let codec = handles.codec, let frame = handles.frame else { return }
        let received = koch_avcodec_receive_frame(codec, frame)
        if received >= 0 {
            defer { koch_av_frame_unref(frame) }
            refusedInARow = 0
            try append(frame)
        } else if received == koch_averror_eof() {
            finished = true
        } else if received == koch_averror_eagain() {
            try sendNextPacket(to: codec)
        } else {
            try passOverDamage(received)
        }
    }

    private func sendNextPacket(to codec: UnsafeMutablePointer<AVCodecContext>) throws(AudioError) {
        guard let format = handles.format, let packet = handles.packet else { return }
        while true {
            let code = koch_av_read_frame(format, packet)
            // The end of the file, or of what can be read of it: the decoder gives what it holds.
            guard code >= 0 else {
                koch_avcodec_send_packet(codec, nil)
                return
            }
            defer { koch_av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            // No codec's packet lasts a second: a longer one is damage, and stands for no silence.
            let frames = Self.frames(ticks: packet.pointee.duration, of: timeBase, sampleRate: sampleRate)
            packetFrames = frames <= sampleRate ? frames : 0
            let sent = koch_avcodec_send_packet(codec, packet)
            if sent < 0 { try passOverDamage(sent) }
            return
        }
    }

    /// A packet the decoder cannot decode (damage, or AMR's comfort-noise frames, which FFmpeg does
    /// not decode) is silence as long as the packet, so that what follows keeps its time. A file
    /// whose first thousand packets are all refused is not read, nor one that goes on refusing.
    private func passOverDamage(_ code: Int32) throws(AudioError) {
        if framesRead == 0, pending[0].isEmpty { refusedAtStart += 1 }
        refusedInARow += 1
        if refusedAtStart > 1000 || refusedInARow > 100_000 { throw .cannotRead(path: path, reason: FFmpegHandles.reason(code)) }
        for channel in pending.indices { pending[channel].append(contentsOf: repeatElement(0, count: max(0, packetFrames))) }
    }

    /// The frame's samples, converted to Float one plane a channel, added to `pending`.
    private func append(_ frame: UnsafeMutablePointer<AVFrame>) throws(AudioError) {
        guard Int(frame.pointee.ch_layout.nb_channels) == channelCount, Int(frame.pointee.sample_rate) == sampleRate,
            inputFormat ?? frame.pointee.format == frame.pointee.format
        else {
            throw .cannotRead(path: path, reason: "its sound changes channels, sample rate or sample format partway")
        }
        let resampler = try self.resampler(for: frame)
        let inputCount = Int(frame.pointee.nb_samples)
        let capacity = Int(koch_swr_get_out_samples(resampler, Int32(inputCount)))
        if converted.count < capacity * channelCount { converted = [Float](repeating: 0, count: capacity * channelCount) }
        let channels = channelCount
        let count = converted.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            var planes = (0..<channels).map {
                UnsafeMutableRawPointer(base + $0 * capacity).assumingMemoryBound(to: UInt8.self) as UnsafeMutablePointer<UInt8>?
            }
            let input = UnsafeMutableRawPointer(frame.pointee.extended_data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
            return planes.withUnsafeMutableBufferPointer { koch_swr_convert(resampler, $0.baseAddress, Int32(capacity), input, Int32(inputCount)) }
        }
        guard count >= 0 else { throw .cannotRead(path: path, reason: FFmpegHandles.reason(count)) }
        for channel in 0..<channels {
            pending[channel].append(contentsOf: converted[(channel * capacity)..<(channel * capacity + Int(count))])
        }
    }

    /// The converter from the decoder's samples to planar Float, made for the first frame.
    private func resampler(for frame: UnsafeMutablePointer<AVFrame>) throws(AudioError) -> OpaquePointer {
        if let resampler = handles.resampler { return resampler }
        var layout = AVChannelLayout()
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            koch_av_channel_layout_default(&layout, frame.pointee.ch_layout.nb_channels)
        } else {
            koch_av_channel_layout_copy(&layout, &frame.pointee.ch_layout)
        }
        defer { koch_av_channel_layout_uninit(&layout) }
        let rate = Int32(sampleRate)
        let handles = handles
        let sampleFormat = AVSampleFormat(frame.pointee.format)
        var code = withUnsafeMutablePointer(to: &layout) { layout in
            koch_swr_alloc_set_opts2(&handles.resampler, layout, AV_SAMPLE_FMT_FLTP, rate, layout, sampleFormat, rate, 0, nil)
        }
        if code >= 0, let resampler = handles.resampler {
            code = koch_swr_init(resampler)
            inputFormat = frame.pointee.format
            if code >= 0 { return resampler }
        }
        throw .cannotRead(path: path, reason: FFmpegHandles.reason(code))
    }
}
