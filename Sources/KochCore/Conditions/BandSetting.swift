/// One setting of a band's conditions a learner may ask for, and the range it may take.
public enum BandSetting: Sendable, Hashable, CaseIterable {
    case noiseSNR, crackle, fadingDepth, fadingRate, stationOffset, stationLevel, stationSpeed, filterWidth

    /// The values the setting may take (a station's offset also not 0: it would be the lesson's tone).
    public var range: ClosedRange<Double> {
        switch self {
        case .noiseSNR: -10...40
        case .crackle: 0...20
        case .fadingDepth: 0...40
        case .fadingRate: 0.01...2
        case .stationOffset: -2000...2000
        case .stationLevel: -40...20
        case .stationSpeed: 5...50
        case .filterWidth: 100...4000
        }
    }

    /// The unit its values are in: `dB`, `a second`, `Hz`, `WPM`.
    public var unit: String {
        switch self {
        case .noiseSNR, .fadingDepth, .stationLevel: "dB"
        case .crackle: "a second"
        case .fadingRate, .stationOffset, .filterWidth: "Hz"
        case .stationSpeed: "WPM"
        }
    }

    /// What the setting is, for a message: `the band noise's SNR`.
    public var name: String {
        switch self {
        case .noiseSNR: "the band noise's SNR"
        case .crackle: "static crashes"
        case .fadingDepth: "the fading's depth"
        case .fadingRate: "the fading's rate"
        case .stationOffset: "another station's offset"
        case .stationLevel: "another station's level"
        case .stationSpeed: "another station's speed"
        case .filterWidth: "the receiver filter's width"
        }
    }

    /// Whether the setting may take `value`.
    public func allows(_ value: Double) -> Bool {
        range.contains(value) && !(self == .stationOffset && value == 0)
    }

    func check(_ value: Double) throws(BandRequestProblem) {
        guard allows(value) else { throw .outOfRange(self, value: value) }
    }
}

/// Why band conditions cannot be made as asked.
public enum BandRequestProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// A setting outside its range.
    case outOfRange(BandSetting, value: Double)
    /// Static crashes or a receiver filter without band noise to belong to.
    case needsNoise(BandSetting)

    public var description: String {
        switch self {
        case let .outOfRange(setting, value):
            let range = "\(setting.range.lowerBound.plain) to \(setting.range.upperBound.plain) \(setting.unit)"
            let zero = setting == .stationOffset ? " and not 0" : ""
            return "\(setting.name.prefix(1).uppercased() + setting.name.dropFirst()) must be \(range)\(zero), not \(value.plain)."
        case .needsNoise(.crackle):
            return "Static crashes come with band noise: ask for the noise too, or a preset that has it."
        case .needsNoise:
            return "The receiver filter shapes the band noise: ask for the noise too, or a preset that has it."
        }
    }
}

extension Double {
    /// Whole numbers without a decimal point: 40, not 40.0.
    fileprivate var plain: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
