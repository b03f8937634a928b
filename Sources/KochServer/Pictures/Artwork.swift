import KochCore

/// The podcast feed's cover, drawn in code: the word "koch" in Morse, one letter a row, its dits as discs and its dahs as
/// bars with round ends, amber on a plain dark background, large and centred.
///
/// Apple Podcasts asks for a square picture of 1400 to 3000 pixels a side, RGB, as PNG or JPEG; the default size is the
/// smallest it takes, which keeps the file small. The drawing is proportional, so any size gives the same picture.
public enum Artwork {
    /// The word drawn, one row of Morse per letter.
    static let word = "koch"
    static let background = RGBCanvas.Color(red: 0x16, green: 0x1A, blue: 0x22)
    static let foreground = RGBCanvas.Color(red: 0xF0, green: 0xB4, blue: 0x29)
    /// The side divided into this many Morse units: a dit is one unit across, a dah three, the gap between them one.
    static let unitsPerSide = 16.0
    /// The space between two rows, in units.
    static let rowGapUnits = 1.0

    /// The artwork as a PNG file's bytes, `sizePixels` a side (at least 16); the same size gives the same bytes.
    public static func png(sizePixels: Int = 1400) -> [UInt8] {
        PNGFile.bytes(of: canvas(sizePixels: sizePixels))
    }

    /// The artwork drawn on a canvas `sizePixels` a side (at least 16).
    static func canvas(sizePixels: Int) -> RGBCanvas {
        let side = max(sizePixels, 16)
        var canvas = RGBCanvas(widthPixels: side, heightPixels: side, background: background)
        let unitPixels = Double(side) / unitsPerSide
        let rows = word.compactMap { MorseAlphabet.symbol(for: $0)?.elements }
        let heightUnits = Double(rows.count) + Double(rows.count - 1) * rowGapUnits
        var top = (Double(side) - heightUnits * unitPixels) / 2
        for elements in rows {
            let centreY = top + unitPixels / 2
            var left = (Double(side) - Double(lengthUnits(of: elements)) * unitPixels) / 2
            for element in elements {
                let lengthPixels = Double(element.units) * unitPixels
                // The round ends take half a unit at each side of the bar's straight part.
                let start = (x: left + unitPixels / 2, y: centreY)
                let end = (x: left + lengthPixels - unitPixels / 2, y: centreY)
                canvas.fillCapsule(from: start, to: end, radiusPixels: unitPixels / 2, color: foreground)
                left += lengthPixels + unitPixels
            }
            top += (1 + rowGapUnits) * unitPixels
        }
        return canvas
    }

    /// A character's length in units: its elements and the one-unit gaps between them.
    static func lengthUnits(of elements: [Element]) -> Int {
        elements.reduce(0) { $0 + $1.units } + max(elements.count - 1, 0)
    }
}
