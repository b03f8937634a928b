import CFFmpeg

/// The FFmpeg objects one open recording needs, freed together however far opening got.
final class FFmpegHandles {
    var format: UnsafeMutablePointer<AVFormatContext>?
    var codec: UnsafeMutablePointer<AVCodecContext>?
    var resampler: OpaquePointer?
    var packet: UnsafeMutablePointer<AVPacket>? = av_packet_alloc()
    var frame: UnsafeMutablePointer<AVFrame>? = av_frame_alloc()

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        swr_free(&resampler)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// FFmpeg's text for an error code, as a reason in a sentence.
    static func reason(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard av_strerror(code, &buffer, buffer.count) == 0 else { return "FFmpeg error \(code)" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// koch prints its own messages: FFmpeg's log stays off standard error.
    static let quiet: Void = av_log_set_level(AV_LOG_QUIET)
}
