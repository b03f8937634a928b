import CZlib
import KochServer
import Testing

/// A PNG file's chunks as read back: type, data, and whether the stored CRC matches one computed here.
private struct Chunk {
    let type: String
    let data: [UInt8]
    let crcMatches: Bool
}

/// The chunks after the signature, or nil if a length runs past the end of the file.
private func chunks(of png: [UInt8]) -> [Chunk]? {
    var chunks: [Chunk] = []
    var offset = 8
    while offset < png.count {
        guard offset + 12 <= png.count else { return nil }
        let length = Int(bigEndian(png, at: offset))
        guard offset + 12 + length <= png.count else { return nil }
        let typeAndData = Array(png[(offset + 4)..<(offset + 8 + length)])
        let stored = bigEndian(png, at: offset + 8 + length)
        let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
        chunks.append(Chunk(type: type, data: Array(typeAndData.dropFirst(4)), crcMatches: crc32Bitwise(typeAndData) == stored))
        offset += 12 + length
    }
    return chunks
}

private func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { ($0 << 8) | UInt32($1) }
}

/// CRC-32 as PNG defines it (ISO 3309, reflected polynomial 0xEDB88320), computed bit by bit, apart from zlib's.
private func crc32Bitwise(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
}

/// The IDAT's data inflated by zlib, or nil if it does not inflate to exactly `expectedBytes`.
private func inflated(_ data: [UInt8], expectedBytes: Int) -> [UInt8]? {
    var output = [UInt8](repeating: 0, count: expectedBytes + 1)
    var lengthBytes = uLongf(output.count)
    let status = output.withUnsafeMutableBufferPointer { output in
        data.withUnsafeBufferPointer { uncompress(output.baseAddress, &lengthBytes, $0.baseAddress, uLong($0.count)) }
    }
    guard status == Z_OK, Int(lengthBytes) == expectedBytes else { return nil }
    return Array(output.prefix(expectedBytes))
}

@Test func artworkIsA1400PixelSquareRGBPNGUnder500Kilobytes() throws {
    let png = Artwork.png()
    #expect(png.count < 500_000)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let found = try #require(chunks(of: png))
    #expect(found.map(\.type) == ["IHDR", "IDAT", "IEND"])
    #expect(found.allSatisfy { $0.crcMatches })
    let header = found[0].data
    #expect(header.count == 13)
    #expect(bigEndian(header, at: 0) == 1400 && bigEndian(header, at: 4) == 1400)
    // 8 bits a sample, colour type 2 (RGB), deflate, filter method 0, no interlace.
    #expect(Array(header.suffix(5)) == [8, 2, 0, 0, 0])
    #expect(found[2].data.isEmpty)

    let rowBytes = 1 + 1400 * 3
    let rows = try #require(inflated(found[1].data, expectedBytes: 1400 * rowBytes))
    #expect((0..<1400).allSatisfy { rows[$0 * rowBytes] == 0 }, "every row's filter type is 0")
    func pixel(x: Int, y: Int) -> [UInt8] { Array(rows[(y * rowBytes + 1 + x * 3)..<(y * rowBytes + 4 + x * 3)]) }
    let background: [UInt8] = [0x16, 0x1A, 0x22]
    let amber: [UInt8] = [0xF0, 0xB4, 0x29]
    #expect(pixel(x: 0, y: 0) == background && pixel(x: 1399, y: 1399) == background)
    // The middle of K's first dah (the word 16 units to the side: K's row 4.5 to 5.5 units down, its dah 3.5 to 6.5 across).
    #expect(pixel(x: 437, y: 437) == amber)
    // Between the rows of O and C, at the centre.
    #expect(pixel(x: 700, y: 700) == background)
}

@Test func artworkIsTheSameEveryTimeAndScales() throws {
    #expect(Artwork.png(sizePixels: 160) == Artwork.png(sizePixels: 160))
    let found = try #require(chunks(of: Artwork.png(sizePixels: 160)))
    #expect(found.allSatisfy { $0.crcMatches })
    #expect(bigEndian(found[0].data, at: 0) == 160 && bigEndian(found[0].data, at: 4) == 160)
    #expect(inflated(found[1].data, expectedBytes: 160 * (1 + 160 * 3)) != nil)
}
