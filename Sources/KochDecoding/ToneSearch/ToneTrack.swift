import Foundation
import KochCore

/// The pitch of a keyed tone over a recording, one value per block: a cheap
/// practice oscillator or a battery running down moves it by tens of hertz a
/// minute, far more than the matched filter (a few hertz wide at a dit's
/// length) lets through.
///
/// Followed from the loudest level each block held in each half bin (the
/// tone finder's pass), starting where the tone was found and going both
/// ways: a block moves the track only to a peak within `largestStepHz` of it
/// that stands `keyedAboveNoiseDB` above the block's median level (the tone
/// sounded in it) and no more than `fadeDB` below the tone's key-down level;
/// a block without one (a pause) keeps the pitch. So a steady carrier or
/// another station 50 Hz away, reached only across blocks where the tone
/// sounds elsewhere, never captures the track. The result is smoothed (a
/// median of five blocks, then a mean of five).
public struct ToneTrack: Sendable, Hashable {
    public let blockSeconds: Double
    public let frequenciesHz: [Double]

    /// The farthest the pitch is followed from one block to the next: 8 Hz a second is 480 Hz a minute.
    public static let largestStepHzPerSecond = 8.0
    public static let keyedAboveNoiseDB = 10.0
    public static let fadeDB = 20.0

    public init(blockSeconds: Double, frequenciesHz: [Double]) {
        self.blockSeconds = blockSeconds
        self.frequenciesHz = frequenciesHz
    }

    /// The pitch at a moment, interpolated between the blocks' centres.
    public func frequencyHz(atSeconds seconds: Double) -> Double {
        guard let first = frequenciesHz.first, let last = frequenciesHz.last else { return 0 }
        let position = seconds / blockSeconds - 0.5
        guard position > 0 else { return first }
        let index = Int(position)
        guard index + 1 < frequenciesHz.count else { return last }
        let fraction = position - Double(index)
        return frequenciesHz[index] * (1 - fraction) + frequenciesHz[index + 1] * fraction
    }

    /// How far the pitch moves over the recording.
    public var spanHz: Double { (frequenciesHz.max() ?? 0) - (frequenciesHz.min() ?? 0) }

    /// Follows a tone through blocks of levels.
    ///
    /// - Parameters:
    ///   - levelsDB: each block's loudest level per half bin, `binCount` values a block.
    ///   - firstBinHz: the frequency of the first half bin; `binHz` the spacing.
    ///   - startHz: where the tone was found; `onLevelDB` its key-down level.
    public static func follow(
        levelsDB: [Float], binCount: Int, firstBinHz: Double, binHz: Double, blockSeconds: Double,
        startHz: Double, onLevelDB: Double
    ) -> ToneTrack? {
        guard binCount > 2 else { return nil }
        let blocks = levelsDB.count / binCount
        guard blocks > 0 else { return nil }
        let stepBins = max(1, Int((largestStepHzPerSecond * blockSeconds / binHz).rounded(.up)))
        func bin(_ hz: Double) -> Int { min(binCount - 2, max(1, Int(((hz - firstBinHz) / binHz).rounded()))) }
        /// The tone's peak in a block within `reach` bins of `hz`, if it sounded there.
        func peak(block: Int, near hz: Double, reach: Int) -> Double? {
            let base = block * binCount
            let row = levelsDB[base..<(base + binCount)]
            let median = Double(row.sorted()[binCount / 2])
            let centre = bin(hz)
            var top = centre
            for other in max(1, centre - reach)...min(binCount - 2, centre + reach) where row[base + other] > row[base + top] {
                top = other
            }
            let level = Double(row[base + top])
            guard level >= median + keyedAboveNoiseDB, level >= onLevelDB - fadeDB,
                row[base + top] >= row[base + top - 1], row[base + top] >= row[base + top + 1]
            else { return nil }
            let left = Double(row[base + top - 1]), right = Double(row[base + top + 1])
            let curvature = left - 2 * level + right
            let offset = curvature < 0 ? min(0.5, max(-0.5, 0.5 * (left - right) / curvature)) : 0
            return firstBinHz + (Double(top) + offset) * binHz
        }
        // Start in the block where the tone found is loudest.
        let startBin = bin(startHz)
        let start = (0..<blocks).max { levelsDB[$0 * binCount + startBin] < levelsDB[$1 * binCount + startBin] } ?? 0
        var raw = Array(repeating: startHz, count: blocks)
        raw[start] = peak(block: start, near: startHz, reach: stepBins) ?? startHz
        // Blocks where the tone was not found (a pause, a fade) let it move further by the next one, up to three steps.
        func follow(_ order: [Int], from previous: (Int) -> Int) {
            var missed = 0
            for block in order {
                let reach = stepBins * min(3, missed + 1)
                if let found = peak(block: block, near: raw[previous(block)], reach: reach) {
                    raw[block] = found
                    missed = 0
                } else {
                    raw[block] = raw[previous(block)]
                    missed += 1
                }
            }
        }
        follow(Array((start + 1)..<max(start + 1, blocks))) { $0 - 1 }
        follow(Array(stride(from: start - 1, through: 0, by: -1))) { $0 + 1 }
        return ToneTrack(blockSeconds: blockSeconds, frequenciesHz: smoothed(raw))
    }

    /// A median of five, then a mean of five.
    static func smoothed(_ values: [Double]) -> [Double] {
        func window(_ values: [Double], _ index: Int) -> ArraySlice<Double> {
            values[max(0, index - 2)...min(values.count - 1, index + 2)]
        }
        let medians = values.indices.map { window(values, $0).sorted()[window(values, $0).count / 2] }
        return medians.indices.map { window(medians, $0).reduce(0, +) / Double(window(medians, $0).count) }
    }
}
