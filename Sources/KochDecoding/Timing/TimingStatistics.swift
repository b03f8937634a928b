import KochCore

/// The timing of a whole recording, as a fist report needs it.
public struct TimingStatistics: Sendable, Hashable, Codable {
    public var dits = DurationStatistics()
    public var dahs = DurationStatistics()
    public var intraCharacterGaps = DurationStatistics()
    public var characterGaps = DurationStatistics()
    public var wordGaps = DurationStatistics()

    public init() {}

    public mutating func add(_ element: TimedElement) {
        switch element.element {
        case .dit: dits.add(element.durationSeconds)
        case .dah: dahs.add(element.durationSeconds)
        }
    }

    public mutating func add(_ gap: TimedGap) {
        switch gap.gap {
        case .intraCharacter: intraCharacterGaps.add(gap.durationSeconds)
        case .character: characterGaps.add(gap.durationSeconds)
        case .word: wordGaps.add(gap.durationSeconds)
        }
    }

    /// Mean dit length; falls back on a third of the mean dah.
    public var ditSeconds: Double? {
        dits.meanSeconds ?? dahs.meanSeconds.map { $0 / 3 }
    }

    /// Speed by PARIS timing: a dit lasts 1.2 / WPM seconds.
    public var speedWPM: Double? { ditSeconds.map(Timing.speedWPM(unitSeconds:)) }

    public var dahToDitRatio: Double? {
        guard let dah = dahs.meanSeconds, let dit = dits.meanSeconds else { return nil }
        return dah / dit
    }

    /// A gap's mean length in dits.
    public func lengthInDits(_ gap: Gap) -> Double? {
        guard let dit = ditSeconds else { return nil }
        let statistics: DurationStatistics
        switch gap {
        case .intraCharacter: statistics = intraCharacterGaps
        case .character: statistics = characterGaps
        case .word: statistics = wordGaps
        }
        return statistics.meanSeconds.map { $0 / dit }
    }
}
