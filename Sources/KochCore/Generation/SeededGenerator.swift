/// A small, fast random number generator that gives the same sequence for
/// the same seed on every machine (xoshiro256**, seeded by SplitMix64), so
/// that a lesson can be made again from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    public mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotate(state.3, 45)
        return result
    }

    /// A uniform double in [0, 1) from the top 53 bits, the same on every platform.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform integer in a range, by rejection, the same on every platform.
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        let limit = UInt64.max - UInt64.max % span
        var value = next()
        while value >= limit { value = next() }
        return range.lowerBound + Int(value % span)
    }

    /// The index of one of `weights` (each zero or more, not all zero), each as likely as its
    /// weight; the last index when rounding leaves none.
    public mutating func nextIndex(weightedBy weights: [Double]) -> Int {
        var target = nextUnit() * weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            if target < weight { return index }
            target -= weight
        }
        return weights.count - 1
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }

    /// A seed for the n-th item made from one seed, so that lesson 3 of a
    /// batch is the same whether or not lessons 1 and 2 were made with it.
    public static func derivedSeed(_ seed: UInt64, index: Int) -> UInt64 {
        var generator = SeededGenerator(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}
