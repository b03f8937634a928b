import CLame

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
    public func encode(_ samples: [Float], tags: MP3Tags, path: String) throws(AudioError) -> [UInt8] {
        guard let lame = lame_init() else { throw .encoder(path: path, reason: "the LAME library could not start") }
        defer { lame_close(lame) }
        lame_set_in_samplerate(lame, Int32(sampleRate))
        lame_set_out_samplerate(lame, Int32(sampleRate))
        lame_set_num_channels(lame, 1)
        lame_set_mode(lame, MONO)
        lame_set_quality(lame, Int32(quality))
        lame_set_VBR(lame, vbr_off)
        lame_set_brate(lame, Int32(bitrateKbps))
        lame_set_bWriteVbrTag(lame, 1)
        setTags(tags, on: lame)
        lame_set_write_id3tag_automatic(lame, 0)
        guard lame_init_params(lame) >= 0 else {
            throw .encoder(path: path, reason: "LAME refused \(sampleRate) Hz at \(bitrateKbps) kbit/s")
        }

        var output = id3v2Tag(lame)
        let audioStart = output.count
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk * 5 / 4 + 7200)
        var offset = 0
        while offset < samples.count {
            let count = min(chunk, samples.count - offset)
            let produced = samples.withUnsafeBufferPointer { input in
                buffer.withUnsafeMutableBufferPointer { out in
                    lame_encode_buffer_ieee_float(
                        lame, input.baseAddress! + offset, nil, Int32(count), out.baseAddress!, Int32(out.count))
                }
            }
            guard produced >= 0 else { throw .encoder(path: path, reason: "LAME error \(produced) while encoding") }
            output.append(contentsOf: buffer[0..<Int(produced)])
            offset += count
        }
        let flushed = buffer.withUnsafeMutableBufferPointer { out in
            lame_encode_flush(lame, out.baseAddress!, Int32(out.count))
        }
        guard flushed >= 0 else { throw .encoder(path: path, reason: "LAME error \(flushed) while flushing") }
        output.append(contentsOf: buffer[0..<Int(flushed)])

        // The info frame is the first audio frame, rewritten now that the
        // length is known. At the smallest frame sizes (8 to 12 kHz at low
        // bit rates) LAME has no room for it and writes none; a constant
        // bit rate file still shows its length there.
        var infoFrame = [UInt8](repeating: 0, count: 2880)
        let infoLength = infoFrame.withUnsafeMutableBufferPointer { lame_get_lametag_frame(lame, $0.baseAddress, $0.count) }
        if infoLength > 0 {
            guard audioStart + infoLength <= output.count else {
                throw .encoder(path: path, reason: "LAME's info frame does not fit the audio")
            }
            output.replaceSubrange(audioStart..<(audioStart + infoLength), with: infoFrame[0..<infoLength])
        }
        return output
    }

    private func setTags(_ tags: MP3Tags, on lame: OpaquePointer) {
        id3tag_init(lame)
        id3tag_add_v2(lame)
        id3tag_v2_only(lame)
        id3tag_set_title(lame, latin1(tags.title))
        id3tag_set_album(lame, latin1(tags.album))
        id3tag_set_artist(lame, latin1(tags.artist))
        id3tag_set_track(lame, "\(tags.track)/\(tags.trackCount)")
        id3tag_set_comment(lame, latin1(tags.comment))
        if let year = tags.year { id3tag_set_year(lame, year) }
    }

    /// LAME's plain tag setters take single-byte text; keep to ASCII, anything else becomes '?'.
    private func latin1(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 128 ? Character($0) : "?" })
    }

    private func id3v2Tag(_ lame: OpaquePointer) -> [UInt8] {
        let size = lame_get_id3v2_tag(lame, nil, 0)
        guard size > 0 else { return [] }
        var tag = [UInt8](repeating: 0, count: size)
        _ = tag.withUnsafeMutableBufferPointer { lame_get_id3v2_tag(lame, $0.baseAddress, size) }
        return tag
    }
}
