import Foundation

/// The unit of a straight key's sending, judged from its recent marks: a fist has its own speed
/// and its own ratio, so no fixed speed reads it.
///
/// Sorted by length, the marks split where one is longest against the one before it; a ratio
/// of 1.8 or more there separates dits from dahs, and the unit is the one that fits both (a dit
/// one unit, a dah three). Marks all alike are dits or dahs, whichever fits the unit before
/// closer: so the speed given (or the keyer's) is where the judging starts.
struct StraightKeyUnit: Sendable {
    /// Marks enough to follow a change of speed within a few words.
    static let recentMarks = 40
    static let separatingRatio = 1.8

    private(set) var unitSeconds: Double
    private var marks: [Double] = []

    init(startingUnitSeconds: Double) {
        unitSeconds = startingUnitSeconds
    }

    mutating func add(markSeconds: Double) {
        marks.append(markSeconds)
        if marks.count > Self.recentMarks { marks.removeFirst(marks.count - Self.recentMarks) }
        let sorted = marks.sorted()
        if let unit = Self.separatedUnit(of: sorted) {
            unitSeconds = unit
        } else {
            let meanSeconds = sorted.reduce(0, +) / Double(sorted.count)
            unitSeconds = fitsDits(meanSeconds) ? meanSeconds : meanSeconds / 3
        }
    }

    private static func ratio(_ pair: (Double, Double)) -> Double { pair.1 / max(pair.0, 1e-6) }

    private func fitsDits(_ meanSeconds: Double) -> Bool {
        abs(log(meanSeconds / unitSeconds)) <= abs(log(meanSeconds / 3 / unitSeconds))
    }

    /// The unit that fits dits and dahs, when the marks fall clearly into both.
    private static func separatedUnit(of sorted: [Double]) -> Double? {
        let pairs = Array(zip(sorted, sorted.dropFirst()))
        if let split = pairs.indices.max(by: { ratio(pairs[$0]) < ratio(pairs[$1]) }), ratio(pairs[split]) >= separatingRatio {
            let dits = sorted[...split], dahs = sorted[(split + 1)...]
            return (dits.reduce(0, +) + dahs.reduce(0, +)) / Double(dits.count + 3 * dahs.count)
        }
        return nil
    }
}
