import CLame

/// One LAME encoder: owns the C handle and turns samples into MP3 frames.
final class LameSession {
    private let lame: OpaquePointer
    private let path: String
    private var buffer: [UInt8]

    /// Sets LAME up for mono CBR at the encoder's settings. Only the first
    /// session of a file carries tags and reserves the info frame; sessions
    /// whose frames are joined with another's keep no bit reservoir.
    init(_ settings: MP3Encoder, tags: MP3Tags?, writesInfoFrame: Bool, reservoir: Bool = true, path: String) throws(AudioError) {
        guard let lame = lame_init() else { throw .encoder(path: path, reason: "the LAME library could not start") }
        self.lame = lame
        self.path = path
        buffer = [UInt8](repeating: 0, count: 7200)
        lame_set_in_samplerate(lame, Int32(settings.sampleRate))
        lame_set_out_samplerate(lame, Int32(settings.sampleRate))
        lame_set_num_channels(lame, 1)
        lame_set_mode(lame, MONO)
        lame_set_quality(lame, Int32(settings.quality))
        if let lowpassHz = settings.lowpassHz { lame_set_lowpassfreq(lame, Int32(lowpassHz)) }
        lame_set_VBR(lame, vbr_off)
        lame_set_brate(lame, Int32(settings.bitrateKbps))
        lame_set_bWriteVbrTag(lame, writesInfoFrame ? 1 : 0)
        lame_set_disable_reservoir(lame, reservoir ? 0 : 1)
        if let tags { Self.setTags(tags, on: lame) }
        lame_set_write_id3tag_automatic(lame, 0)
        guard lame_init_params(lame) >= 0 else {
            throw .encoder(path: path, reason: "LAME refused \(settings.sampleRate) Hz at \(settings.bitrateKbps) kbit/s")
        }
    }

    deinit { lame_close(lame) }

    /// Samples in one MP3 frame: 1152 for MPEG-1, 576 below 32 kHz.
    var frameSizeSamples: Int { Int(lame_get_framesize(lame)) }

    /// Samples LAME puts before the audio (not counting the decoder's own delay).
    var encoderDelaySamples: Int { Int(lame_get_encoder_delay(lame)) }

    /// Samples LAME added after the audio; known once flushed.
    var encoderPaddingSamples: Int { Int(lame_get_encoder_padding(lame)) }

    /// Audio frames written so far, not counting the info frame.
    var frameCount: Int { Int(lame_get_frameNum(lame)) }

    /// Encodes samples `range` of `source`, read a block at a time, and
    /// flushes: the frames of a whole stream.
    func encodeAndFlush(_ source: SampleSource, _ range: Range<Int>) throws(AudioError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(range.count / 4)
        var samples = [Float](repeating: 0, count: min(source.blockSamples, range.count))
        if buffer.count < samples.count * 5 / 4 + 7200 { buffer = [UInt8](repeating: 0, count: samples.count * 5 / 4 + 7200) }
        for piece in source.pieces(of: range) {
            let produced = samples.withUnsafeMutableBufferPointer { samples in
                let input = UnsafeMutableBufferPointer(rebasing: samples[0..<piece.count])
                source.read(piece, into: input)
                return buffer.withUnsafeMutableBufferPointer { out in
                    guard let start = input.baseAddress, let base = out.baseAddress else { return Int32(-1) }
                    return lame_encode_buffer_ieee_float(lame, start, nil, Int32(piece.count), base, Int32(out.count))
                }
            }
            guard produced >= 0 else { throw .encoder(path: path, reason: "LAME error \(produced) while encoding") }
            output.append(contentsOf: buffer[0..<Int(produced)])
        }
        output.append(contentsOf: try flush())
        return output
    }

    /// Flushes the encoder: the last frames.
    private func flush() throws(AudioError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 7200)
        let flushed = buffer.withUnsafeMutableBufferPointer { out in
            out.baseAddress.map { lame_encode_flush(lame, $0, Int32(out.count)) } ?? -1
        }
        guard flushed >= 0 else { throw .encoder(path: path, reason: "LAME error \(flushed) while flushing") }
        return Array(buffer[0..<Int(flushed)])
    }

    /// The ID3v2 tag to put at the start of the file (empty without tags).
    func id3v2Tag() -> [UInt8] {
        let size = lame_get_id3v2_tag(lame, nil, 0)
        guard size > 0 else { return [] }
        var tag = [UInt8](repeating: 0, count: size)
        _ = tag.withUnsafeMutableBufferPointer { lame_get_id3v2_tag(lame, $0.baseAddress, size) }
        return tag
    }

    /// The LAME/Xing info frame describing what was encoded; empty when
    /// the frame is too small to hold one (8 to 12 kHz at low bit rates).
    func infoFrame() -> [UInt8] {
        var frame = [UInt8](repeating: 0, count: 2880)
        let length = frame.withUnsafeMutableBufferPointer { lame_get_lametag_frame(lame, $0.baseAddress, $0.count) }
        return Array(frame.prefix(length))
    }

    private static func setTags(_ tags: MP3Tags, on lame: OpaquePointer) {
        id3tag_init(lame)
        id3tag_add_v2(lame)
        id3tag_v2_only(lame)
        id3tag_set_title(lame, ascii(tags.title))
        id3tag_set_album(lame, ascii(tags.album))
        id3tag_set_artist(lame, ascii(tags.artist))
        id3tag_set_track(lame, "\(tags.track)/\(tags.trackCount)")
        id3tag_set_comment(lame, ascii(tags.comment))
        if let year = tags.year { id3tag_set_year(lame, year) }
    }

    /// LAME's plain tag setters take single-byte text; keep to ASCII, anything else becomes '?'.
    private static func ascii(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 128 ? Character($0) : "?" })
    }
}
