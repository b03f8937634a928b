/// A picture in memory as 8-bit red, green and blue samples, row by row from the top left, with the few shapes the
/// feed's artwork is drawn from. Edges are smoothed by how much of each pixel a shape covers, so that a round dit
/// looks round at any size.
struct RGBCanvas: Sendable {
    /// A colour as 8-bit red, green and blue.
    struct Color: Sendable, Equatable {
        let red: UInt8
        let green: UInt8
        let blue: UInt8
    }

    let widthPixels: Int
    let heightPixels: Int
    /// Three bytes (red, green, blue) per pixel, `widthPixels` pixels per row, the top row first.
    private(set) var samples: [UInt8]

    /// A canvas painted all in `background`.
    init(widthPixels: Int, heightPixels: Int, background: Color) {
        self.widthPixels = max(widthPixels, 0)
        self.heightPixels = max(heightPixels, 0)
        let pixel = [background.red, background.green, background.blue]
        samples = [UInt8]()
        samples.reserveCapacity(self.widthPixels * self.heightPixels * 3)
        for _ in 0..<(self.widthPixels * self.heightPixels) { samples.append(contentsOf: pixel) }
    }

    /// The colour of the pixel at `x` (from the left) and `y` (from the top).
    func color(x: Int, y: Int) -> Color {
        let index = (y * widthPixels + x) * 3
        return Color(red: samples[index], green: samples[index + 1], blue: samples[index + 2])
    }

    /// Fills a capsule: every point within `radiusPixels` of the segment from `start` to `end` (x, y in pixels, from the
    /// top left). A segment of no length makes a disc: a dit; a horizontal one, a bar with round ends: a dah.
    mutating func fillCapsule(from start: (x: Double, y: Double), to end: (x: Double, y: Double), radiusPixels: Double, color: Color) {
        let left = max(Int((min(start.x, end.x) - radiusPixels).rounded(.down)) - 1, 0)
        let right = min(Int((max(start.x, end.x) + radiusPixels).rounded(.up)) + 1, widthPixels - 1)
        let top = max(Int((min(start.y, end.y) - radiusPixels).rounded(.down)) - 1, 0)
        let bottom = min(Int((max(start.y, end.y) + radiusPixels).rounded(.up)) + 1, heightPixels - 1)
        guard left <= right, top <= bottom else { return }
        for y in top...bottom {
            for x in left...right {
                let distance = Self.distance(from: (Double(x) + 0.5, Double(y) + 0.5), toSegmentFrom: start, to: end) - radiusPixels
                // A pixel half inside the edge is half covered; one a pixel inside, fully.
                let coverage = min(max(0.5 - distance, 0), 1)
                if coverage > 0 { blend(x: x, y: y, color: color, coverage: coverage) }
            }
        }
    }

    /// Mixes `color` into the pixel at `x`, `y` in the share `coverage` (0 to 1).
    private mutating func blend(x: Int, y: Int, color: Color, coverage: Double) {
        let index = (y * widthPixels + x) * 3
        for (offset, sample) in [color.red, color.green, color.blue].enumerated() {
            let mixed = Double(samples[index + offset]) * (1 - coverage) + Double(sample) * coverage
            samples[index + offset] = UInt8(min(max(mixed.rounded(), 0), 255))
        }
    }

    /// The distance in pixels from `point` to the nearest point of the segment from `start` to `end`.
    private static func distance(from point: (x: Double, y: Double), toSegmentFrom start: (x: Double, y: Double), to end: (x: Double, y: Double))
        -> Double
    {
        let segment = (x: end.x - start.x, y: end.y - start.y)
        let lengthSquared = segment.x * segment.x + segment.y * segment.y
        var along = 0.0
        if lengthSquared > 0 {
            along = min(max(((point.x - start.x) * segment.x + (point.y - start.y) * segment.y) / lengthSquared, 0), 1)
        }
        let nearest = (x: start.x + along * segment.x, y: start.y + along * segment.y)
        let offset = (x: point.x - nearest.x, y: point.y - nearest.y)
        return (offset.x * offset.x + offset.y * offset.y).squareRoot()
    }
}
