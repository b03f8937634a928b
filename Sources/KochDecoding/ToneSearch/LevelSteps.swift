import KochCore

/// The tone search's histogram step of a power: its level in dB
/// (`FrameSpectrum.level(ofPower:)`) less the floor, in steps, rounded down
/// and kept within the histogram — found without a logarithm.
///
/// The step only grows with the power, so each step has a least power that
/// reaches it; those powers are found once, by bisection over the bit
/// patterns of positive doubles with the logarithm itself, so the step of
/// every power is exactly the one the logarithm gives. A power is then
/// placed by its exponent and the top six bits of its mantissa (a bucket
/// 0.09 dB wide, so that at most one step begins inside it) and one
/// comparison with that step's least power.
struct LevelSteps: Sendable {
    /// Steps in the histogram.
    let count: Int
    /// `leastPowers[s]`: the least power whose step is s (s ≥ 1; the first is unused).
    private let leastPowers: [Double]
    /// The step of the least power of each bucket from `lowestBucket`.
    private let bucketSteps: [UInt16]
    private let lowestBucket: UInt64
    /// Bits of a double below its bucket's.
    private static let bucketShift: UInt64 = 46

    init(floorDB: Double, stepDB: Double, count: Int) {
        precondition(count >= 2 && count <= Int(UInt16.max) && stepDB > 0, "a histogram of no steps")
        self.count = count
        func step(_ power: Double) -> Int {
            min(count - 1, max(0, Int(((FrameSpectrum.level(ofPower: power) - floorDB) / stepDB).rounded(.down))))
        }
        // Every power from a bucket below step 1 to one above the last step.
        let lowest = Double.leastNormalMagnitude
        var highest = 2.0
        while step(highest) < count - 1 { highest *= 2 }
        leastPowers =
            [0]
            + (1..<count).map { target in
                var (below, at) = (lowest.bitPattern, highest.bitPattern)
                while at - below > 1 {
                    let middle = below + (at - below) / 2
                    if step(Double(bitPattern: middle)) >= target { at = middle } else { below = middle }
                }
                return Double(bitPattern: at)
            }
        // The buckets from the one holding step 1's least power to the one holding the last's.
        let first = leastPowers[1].bitPattern >> Self.bucketShift
        let last = leastPowers[count - 1].bitPattern >> Self.bucketShift
        lowestBucket = first
        bucketSteps = (first...last).map { UInt16(step(Double(bitPattern: $0 << Self.bucketShift))) }
    }

    /// The step of a positive power.
    @inline(__always)
    func step(ofPower power: Double) -> Int {
        let bucket = power.bitPattern >> Self.bucketShift
        guard bucket >= lowestBucket else { return 0 }
        let index = Int(bucket - lowestBucket)
        guard index < bucketSteps.count else { return count - 1 }
        var step = Int(bucketSteps[index])
        while step < count - 1 && power >= leastPowers[step + 1] { step += 1 }
        return step
    }
}
