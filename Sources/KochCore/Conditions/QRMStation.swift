/// Another station on the band (QRM), sending its own traffic at its own
/// speed, pitch and level, unrelated to the lesson.
public struct QRMStation: Sendable, Hashable, Codable {
    /// What the station sends.
    public enum Traffic: String, Sendable, Hashable, Codable, CaseIterable {
        /// CQ calls and the overs of a conversation: reports, names, rigs, weather.
        case ragChew
        /// A contest station: CQ TEST and quick 5NN exchanges with serials.
        case contest
    }

    /// The station's pitch relative to the wanted tone, in Hz (negative: below).
    public var offsetHz: Double
    /// Its key-down level relative to the wanted signal's, in dB.
    public var levelDB: Double
    public var speedWPM: Double
    public var traffic: Traffic

    public init(offsetHz: Double, levelDB: Double, speedWPM: Double, traffic: Traffic = .ragChew) {
        self.offsetHz = offsetHz
        self.levelDB = levelDB
        self.speedWPM = speedWPM
        self.traffic = traffic
    }

    /// The pitch heard for a wanted tone of `toneHz`: the offset is mirrored
    /// to the other side of the tone if the pitch would fall below 150 Hz
    /// or above 3500 Hz (or near the Nyquist frequency), and then clamped.
    public func pitchHz(toneHz: Double, sampleRate: Int) -> Double {
        let highest = min(3500, Double(sampleRate) / 2 - 200)
        let range = 150...max(150, highest)
        var pitch = toneHz + offsetHz
        if !range.contains(pitch) { pitch = toneHz - offsetHz }
        return min(max(pitch, range.lowerBound), range.upperBound)
    }
}
