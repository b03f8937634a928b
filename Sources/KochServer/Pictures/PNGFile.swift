import CZlib

/// A picture encoded as a PNG file (ISO/IEC 15948, W3C PNG 2nd edition): the signature, an `IHDR` chunk (8-bit RGB,
/// colour type 2, no interlace), one `IDAT` chunk holding the rows compressed by zlib at level 9, and `IEND`. Each row
/// is stored with filter type 0 (none), which costs little on pictures of flat colour like the feed's artwork.
enum PNGFile {
    /// The eight bytes every PNG file opens with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The canvas as a PNG file's bytes; the same canvas gives the same bytes.
    ///
    /// zlib fails to compress a buffer given room enough (`compressBound`) only when memory runs out, which no caller
    /// could mend: that stops the program, as running out of memory anywhere else would.
    static func bytes(of canvas: RGBCanvas) -> [UInt8] {
        var header = bigEndian(UInt32(canvas.widthPixels)) + bigEndian(UInt32(canvas.heightPixels))
        // Bit depth 8, colour type 2 (RGB), compression 0 (deflate), filter method 0, no interlace.
        header += [8, 2, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", compressed(filteredRows(of: canvas))) + chunk("IEND", [])
    }

    /// The canvas's rows, each after its filter type byte (0, none), as the image data is before compression.
    static func filteredRows(of canvas: RGBCanvas) -> [UInt8] {
        let rowLengthBytes = canvas.widthPixels * 3
        var rows = [UInt8]()
        rows.reserveCapacity(canvas.heightPixels * (rowLengthBytes + 1))
        canvas.samples.withUnsafeBufferPointer { samples in
            for row in 0..<canvas.heightPixels {
                rows.append(0)
                let start = row * rowLengthBytes
                rows.append(contentsOf: UnsafeBufferPointer(rebasing: samples[start..<start + rowLengthBytes]))
            }
        }
        return rows
    }

    /// `data` compressed by zlib at its best compression (level 9), as a zlib stream with its header and Adler-32.
    private static func compressed(_ data: [UInt8]) -> [UInt8] {
        var capacityBytes = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(capacityBytes))
        let status = output.withUnsafeMutableBufferPointer { output in
            data.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &capacityBytes, input.baseAddress, uLong(input.count), 9)
            }
        }
        precondition(status == Z_OK, "zlib could not compress the PNG's image data (status \(status))")
        return Array(output.prefix(Int(capacityBytes)))
    }

    /// A chunk: its data's length, its type, the data, and the CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let checksum = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(UInt32(truncatingIfNeeded: checksum))
    }

    /// `value`'s four bytes, the most significant first, as PNG writes every number.
    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
