/// What a file is, told by its first bytes (its "magic"), not by its name: a sound libsndfile
/// reads, one FFmpeg reads (what phones make), or something that is no recording at all, named
/// for what it is so that the learner sees at once which file they gave.
public enum FileSniffer {
    public enum Content: Sendable, Equatable {
        /// WAV, FLAC, Ogg, MP3, AIFF, CAF ...: libsndfile's formats.
        case soundFile
        /// M4A/MP4, AAC, 3GP, AMR, WebM, Matroska ...: FFmpeg's.
        case phoneAudio
        /// Not known by its first bytes: the libraries are asked.
        case unknown
        /// No recording: what it is, as a phrase ("a JPEG image").
        case notARecording(String)
    }

    /// How many bytes from the start of a file `content(ofHead:)` wants.
    public static let headBytes = 4096

    /// What a file starting with `head` is.
    public static func content(ofHead head: [UInt8]) -> Content {
        guard !head.isEmpty else { return .notARecording("an empty file") }
        if let content = audioContent(head) { return content }
        if let what = image(head) ?? document(head) ?? TextSniffer.text(head) { return .notARecording(what) }
        return .unknown
    }

    private static func audioContent(_ head: [UInt8]) -> Content? {
        if starts(head, "RIFF") || starts(head, "RIFX") {
            if has(head, "WAVE", at: 8) { return .soundFile }
            if has(head, "WEBP", at: 8) { return .notARecording("a WebP image") }
            return has(head, "AVI ", at: 8) ? .phoneAudio : nil
        }
        for magic in ["RF64", "BW64", "fLaC", "OggS", "ID3", ".snd", "caff", "FORM"] where starts(head, magic) { return .soundFile }
        if has(head, "ftyp", at: 4) { return movieContent(brand: Array(head.dropFirst(8).prefix(4))) }
        if starts(head, "#!AMR") || starts(head, [0x1A, 0x45, 0xDF, 0xA3]) { return .phoneAudio }
        // An MPEG audio frame: layer bits 00 are AAC in ADTS, the others MP3.
        if head.count >= 2, head[0] == 0xFF, head[1] & 0xE0 == 0xE0 {
            return head[1] & 0x06 == 0 ? .phoneAudio : .soundFile
        }
        return nil
    }

    /// An ISO media file (MP4, M4A, 3GP, MOV, HEIC) by its brand: photos share the container with sound.
    private static func movieContent(brand: [UInt8]) -> Content {
        let name = String(decoding: brand, as: UTF8.self)
        if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(name) { return .notARecording("a HEIC photo") }
        if ["avif", "avis"].contains(name) { return .notARecording("an AVIF image") }
        return .phoneAudio
    }

    private static func image(_ head: [UInt8]) -> String? {
        if starts(head, [0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(head, [0x89, 0x50, 0x4E, 0x47]) { return "a PNG image" }
        if starts(head, "GIF8") { return "a GIF image" }
        if starts(head, "II*\u{0}") || starts(head, "MM\u{0}*") { return "a TIFF image" }
        if starts(head, "BM"), head.count > 14, head[6...9].allSatisfy({ $0 == 0 }) { return "a bitmap image" }
        return nil
    }

    private static func document(_ head: [UInt8]) -> String? {
        if starts(head, "%PDF") { return "a PDF document" }
        if starts(head, "{\\rtf") { return "an RTF document" }
        if starts(head, [0xD0, 0xCF, 0x11, 0xE0]) { return "an Office document" }
        guard starts(head, "PK\u{3}\u{4}") else { return nil }
        if contains(head, "opendocument.text") { return "an OpenDocument text" }
        if contains(head, "opendocument.spreadsheet") { return "an OpenDocument spreadsheet" }
        if contains(head, "word/") { return "a Word document" }
        if contains(head, "xl/") { return "an Excel spreadsheet" }
        if contains(head, "ppt/") { return "a PowerPoint presentation" }
        return "a ZIP archive"
    }

    static func starts(_ head: [UInt8], _ magic: String) -> Bool { has(head, magic, at: 0) }

    static func starts(_ head: [UInt8], _ magic: [UInt8]) -> Bool { head.starts(with: magic) }

    static func has(_ head: [UInt8], _ magic: String, at offset: Int) -> Bool {
        let bytes = Array(magic.utf8)
        return head.count >= offset + bytes.count && Array(head[offset..<(offset + bytes.count)]) == bytes
    }

    static func contains(_ head: [UInt8], _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard head.count >= bytes.count else { return false }
        return (0...(head.count - bytes.count)).contains { head[$0..<($0 + bytes.count)].elementsEqual(bytes) }
    }
}
