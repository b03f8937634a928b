/// Band conditions as a learner asks for them: a preset (or a clear band) changed by any of its
/// settings, each within the range it may take. Noise, fading and stations asked for on their own
/// are made with the settings not given taken from the preset, else from the defaults here.
///
/// Static crashes and the receiver filter belong to the band noise: they need it, from the
/// preset or asked for.
public struct BandRequest: Sendable, Hashable {
    public var preset: BandPreset?
    public var noiseSNRDB: Double?
    public var cracklePerSecond: Double?
    public var fadingDepthDB: Double?
    public var fadingRateHz: Double?
    /// Other stations, in place of the preset's; none given keeps the preset's.
    public var stations: [Station] = []
    public var receiverFilterWidthHz: Double?

    /// Another station asked for; its speed, when not given, is `defaultStationSpeedWPM`.
    public struct Station: Sendable, Hashable {
        public var offsetHz: Double
        public var levelDB: Double
        public var speedWPM: Double?

        public init(offsetHz: Double, levelDB: Double, speedWPM: Double? = nil) {
            self.offsetHz = offsetHz
            self.levelDB = levelDB
            self.speedWPM = speedWPM
        }
    }

    public static let defaultFadingDepthDB = 10.0
    public static let defaultFadingRateHz = 0.1
    public static let defaultStationSpeedWPM = 20.0

    public init(preset: BandPreset? = nil) {
        self.preset = preset
    }

    /// The conditions asked for; throws the first setting out of its range or without the noise it needs.
    public func conditions() throws(BandRequestProblem) -> BandConditions {
        var conditions = preset?.conditions ?? .clear
        if let noiseSNRDB {
            try BandSetting.noiseSNR.check(noiseSNRDB)
            conditions.qrn = QRN(
                snrDB: noiseSNRDB, cracklePerSecond: conditions.qrn?.cracklePerSecond ?? 0, crackleLevelDB: conditions.qrn?.crackleLevelDB ?? 0)
        }
        if let cracklePerSecond {
            try BandSetting.crackle.check(cracklePerSecond)
            guard let noise = conditions.qrn else { throw .needsNoise(.crackle) }
            conditions.qrn = QRN(snrDB: noise.snrDB, cracklePerSecond: cracklePerSecond, crackleLevelDB: noise.crackleLevelDB)
        }
        if fadingDepthDB != nil || fadingRateHz != nil {
            let depth = fadingDepthDB ?? conditions.qsb?.depthDB ?? Self.defaultFadingDepthDB
            let rate = fadingRateHz ?? conditions.qsb?.rateHz ?? Self.defaultFadingRateHz
            try BandSetting.fadingDepth.check(depth)
            try BandSetting.fadingRate.check(rate)
            conditions.qsb = QSB(depthDB: depth, rateHz: rate)
        }
        if !stations.isEmpty { conditions.qrm = try stations.map { station throws(BandRequestProblem) in try station.made() } }
        if let receiverFilterWidthHz {
            try BandSetting.filterWidth.check(receiverFilterWidthHz)
            guard var noise = conditions.qrn else { throw .needsNoise(.filterWidth) }
            noise.receiverFilterWidthHz = receiverFilterWidthHz
            conditions.qrn = noise
        }
        return conditions
    }
}

extension BandRequest.Station {
    /// The station, its offset, level and speed each checked against its range.
    public func made() throws(BandRequestProblem) -> QRMStation {
        let speed = speedWPM ?? BandRequest.defaultStationSpeedWPM
        try BandSetting.stationOffset.check(offsetHz)
        try BandSetting.stationLevel.check(levelDB)
        try BandSetting.stationSpeed.check(speed)
        return QRMStation(offsetHz: offsetHz, levelDB: levelDB, speedWPM: speed)
    }
}
