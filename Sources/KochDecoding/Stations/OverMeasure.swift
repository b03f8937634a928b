import Foundation

/// One stretch of keying, and what tells which station keyed it: its pitch, its speed and
/// its level (`KeyingActivity`).
struct OverMeasure: Sendable, Hashable {
    let spanSeconds: ClosedRange<Double>
    let toneHz: Double
    /// The dit length the stretch, read alone, was keyed at; nil where nothing was read.
    let ditSeconds: Double?
    let levelDB: Double?

    /// Overs of one station keep their pitch within this...
    static let samePitchWithinHz = 2.0
    /// ...their dit length within this ratio (a fist's speed wanders a few percent over a QSO,
    /// and a short over, read alone, measures it within a few more)...
    static let sameSpeedWithinRatio = 1.1
    /// ...and their level within this: overs of two stations differ by more in at least one.
    static let sameLevelWithinDB = 4.0

    /// How far apart two overs are in units of those tolerances: below 1, alike in all three;
    /// 1 or more, unlike in at least one. A measure one of them lacks does not count.
    func distance(to other: OverMeasure) -> Double {
        var distance = abs(toneHz - other.toneHz) / Self.samePitchWithinHz
        if let dit = ditSeconds, let otherDit = other.ditSeconds {
            distance = max(distance, abs(log(dit / otherDit)) / log(Self.sameSpeedWithinRatio))
        }
        if let level = levelDB, let otherLevel = other.levelDB {
            distance = max(distance, abs(level - otherLevel) / Self.sameLevelWithinDB)
        }
        return distance
    }
}
