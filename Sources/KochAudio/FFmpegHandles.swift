import CFFmpeg

/// The FFmpeg objects one open recording needs, freed together however far opening got.
final class FFmpegHandles {
    var format: UnsafeMutablePointer<AVFormatContext>?
    var codec: UnsafeMutablePointer<AVCodecContext>?
    var resampler: OpaquePointer?
    var packet: UnsafeMutablePointer<AVPacket>? = koch_av_packet_alloc()
    var frame: UnsafeMutablePointer<AVFrame>? = koch_av_frame_alloc()

    deinit {
        koch_av_frame_free(&frame)
        koch_av_packet_free(&packet)
        koch_swr_free(&resampler)
        koch_avcodec_free_context(&codec)
        koch_avformat_close_input(&format)
    }

    /// FFmpeg's text for an error code, as a reason in a sentence.
    static func reason(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard koch_av_strerror(code, &buffer, buffer.count) == 0 else { return "FFmpeg error \(code)" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Why FFmpeg's libraries could not be loaded, or nil once they are (loaded at the first
    /// recording that needs them, their log kept off standard error: koch prints its own messages).
    static let loadFailure: String? = {
        var reason = [CChar](repeating: 0, count: 512)
        guard koch_ffmpeg_load(&reason, reason.count) != 0 else { return nil }
        return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
