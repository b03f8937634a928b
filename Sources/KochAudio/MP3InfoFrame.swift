/// The LAME/Xing info frame at the start of an MP3: how many frames and
/// bytes follow, a seek table, the encoder delay and padding for gapless
/// playback, and CRCs. LAME writes it for the stream it encoded; when
/// streams are joined, it is rewritten for the whole.
///
/// Layout after the frame header and side information, at the "Info" tag:
/// flags (4 bytes), frames (4), bytes (4), seek table (100), quality (4),
/// then LAME's extension: version (9), ..., delay and padding (12 bits
/// each, at +141), ..., music length (4, at +148), music CRC (2, at +152),
/// tag CRC (2, at +154) over every byte of the frame before it.
package struct MP3InfoFrame {
    package private(set) var bytes: [UInt8]
    private let tagOffset: Int

    package init?(_ bytes: [UInt8]) {
        guard
            let offset = (0..<max(0, min(64, bytes.count - 4))).first(where: { i in
                bytes[i..<i + 4].elementsEqual("Info".utf8) || bytes[i..<i + 4].elementsEqual("Xing".utf8)
            }), offset + 156 <= bytes.count
        else { return nil }
        self.bytes = bytes
        tagOffset = offset
    }

    package var frameCount: Int { readInteger(at: tagOffset + 8, length: 4) }
    package var byteCount: Int { readInteger(at: tagOffset + 12, length: 4) }
    package var encoderPadding: Int { readInteger(at: tagOffset + 142, length: 2) & 0xFFF }
    package var musicCRC: UInt16 { UInt16(readInteger(at: tagOffset + 152, length: 2)) }
    package var tagCRC: UInt16 { UInt16(readInteger(at: tagOffset + 154, length: 2)) }
    package var computedTagCRC: UInt16 { Self.crc16(bytes[0..<(tagOffset + 154)]) }

    /// Describes a stream of `frameCount` audio frames in `audio` (the bytes
    /// after this frame), ending with `padding` samples.
    package mutating func describe(frameCount: Int, audio: ArraySlice<UInt8>, padding: Int) {
        describe(frameCount: frameCount, audioByteCount: audio.count, musicCRC: Self.crc16(audio), padding: padding)
    }

    /// Describes a stream of `frameCount` audio frames, `audioByteCount`
    /// bytes after this frame whose CRC is `musicCRC`, ending with `padding` samples.
    package mutating func describe(frameCount: Int, audioByteCount: Int, musicCRC: UInt16, padding: Int) {
        let totalBytes = bytes.count + audioByteCount
        write(frameCount, at: tagOffset + 8, length: 4)
        write(totalBytes, at: tagOffset + 12, length: 4)
        for (i, point) in Self.constantBitRateSeekTable(frameCount: frameCount).enumerated() {
            bytes[tagOffset + 16 + i] = point
        }
        let delayAndPadding = readInteger(at: tagOffset + 141, length: 3) & 0xFFF000 | (padding & 0xFFF)
        write(delayAndPadding, at: tagOffset + 141, length: 3)
        write(totalBytes, at: tagOffset + 148, length: 4)
        write(Int(musicCRC), at: tagOffset + 152, length: 2)
        write(Int(computedTagCRC), at: tagOffset + 154, length: 2)
    }

    /// LAME's seek table for `frameCount` frames of equal bit rate. LAME
    /// samples the running byte count into 400 slots, halving the slots and
    /// doubling the stride whenever they fill, then reads the table off them;
    /// this follows the same steps so the table matches LAME's own.
    package static func constantBitRateSeekTable(frameCount: Int) -> [UInt8] {
        let slotCount = 400
        var slots = [Int](repeating: 0, count: slotCount)
        var filled = 0, stride = 1, seen = 0
        for frame in 1...max(frameCount, 1) {
            seen += 1
            guard seen >= stride else { continue }
            if filled < slotCount {
                slots[filled] = frame
                filled += 1
                seen = 0
            }
            if filled == slotCount {
                for i in Swift.stride(from: 1, to: slotCount, by: 2) { slots[i / 2] = slots[i] }
                stride *= 2
                filled /= 2
            }
        }
        var table = [UInt8](repeating: 0, count: 100)
        guard filled > 0 else { return table }
        for i in 1..<100 {
            let fraction = Float(i) / 100
            let index = min(Int((fraction * Float(filled)).rounded(.down)), filled - 1)
            table[i] = UInt8(min(255, Int(256 * Double(slots[index]) / Double(frameCount))))
        }
        return table
    }

    private func readInteger(at offset: Int, length: Int) -> Int {
        bytes[offset..<(offset + length)].reduce(0) { $0 << 8 | Int($1) }
    }

    private mutating func write(_ value: Int, at offset: Int, length: Int) {
        for i in 0..<length { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * (length - 1 - i))) }
    }

    /// CRC-16 (polynomial 0x8005, reflected, initial 0), as LAME computes it;
    /// `continuing` the CRC of the bytes before `data`.
    package static func crc16(_ data: some Collection<UInt8>, continuing crc: UInt16 = 0) -> UInt16 {
        var crc = crc
        for byte in data {
            crc = crc16Table[Int((crc ^ UInt16(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc
    }

    private static let crc16Table: [UInt16] = (0..<256).map { index in
        var crc = UInt16(index)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        return crc
    }
}
