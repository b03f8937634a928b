/// The text frames of an ID3v2 tag (v2.3 or v2.4) at the start of an MP3: what a player shows as
/// title, artist and comment, read to know the audio koch wrote for a lesson.
public struct ID3TextFrames: Sendable, Equatable {
    /// Each text frame's text by its ID (`TIT2`, `TPE1`, `COMM` ...); a comment's text without its language.
    public private(set) var texts: [String: String] = [:]

    /// The frames of the tag `bytes` open with; nil when they open with none.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 10, bytes.starts(with: Array("ID3".utf8)), [3, 4].contains(bytes[3]) else { return nil }
        let version = bytes[3]
        let end = min(bytes.count, 10 + Self.syncsafe(bytes[6..<10]))
        var offset = 10
        while offset + 10 <= end, bytes[offset] != 0 {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let sizeBytes = bytes[(offset + 4)..<(offset + 8)]
            let size = version == 4 ? Self.syncsafe(sizeBytes) : sizeBytes.reduce(0) { $0 << 8 | Int($1) }
            let body = (offset + 10)..<min(end, offset + 10 + size)
            if id.hasPrefix("T") || id == "COMM", !body.isEmpty {
                texts[id] = Self.text(Array(bytes[body]), isComment: id == "COMM")
            }
            offset += 10 + size
        }
    }

    private static func syncsafe(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 7 | Int($1 & 0x7F) } }

    /// A frame's text in its encoding (Latin-1, UTF-16 with a byte order mark, UTF-8); a comment
    /// skips its language and short description.
    private static func text(_ body: [UInt8], isComment: Bool) -> String {
        let encoding = body[0]
        var rest = Array(body.dropFirst(isComment ? 4 : 1))
        let wide = encoding == 1 || encoding == 2
        if isComment { rest = Array(rest.dropFirst(Self.terminatorEnd(rest, wide: wide))) }
        switch encoding {
        case 1, 2:
            var units = stride(from: 0, to: rest.count - 1, by: 2).map { UInt16(rest[$0]) | UInt16(rest[$0 + 1]) << 8 }
            if units.first == 0xFFFE { units = units.map { $0.byteSwapped } }
            if encoding == 2 { units = units.map { $0.byteSwapped } }
            return String(decoding: units.drop { $0 == 0xFEFF }.prefix { $0 != 0 }, as: UTF16.self)
        case 3:
            return String(decoding: rest.prefix { $0 != 0 }, as: UTF8.self)
        default:
            return String(rest.prefix { $0 != 0 }.map { Character(Unicode.Scalar($0)) })
        }
    }

    /// Where the text after a comment's short description (ended by a zero) starts.
    private static func terminatorEnd(_ bytes: [UInt8], wide: Bool) -> Int {
        let step = wide ? 2 : 1
        var index = 0
        while index + step <= bytes.count {
            if bytes[index..<(index + step)].allSatisfy({ $0 == 0 }) { return index + step }
            index += step
        }
        return bytes.count
    }
}
