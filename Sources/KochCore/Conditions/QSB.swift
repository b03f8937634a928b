/// Fading (QSB): the wanted signal's level wanders slowly, as when the
/// ionosphere moves, by a gain made from low-pass-filtered random noise
/// (not a sine, whose regular swell sounds artificial).
public struct QSB: Sendable, Hashable, Codable {
    /// From the strongest to the weakest moment of the lesson, in dB.
    public var depthDB: Double
    /// The cut-off of the low-pass filter shaping the fading, in Hz: fades
    /// come and go over about 1 / rateHz seconds (0.1 Hz: ten seconds).
    public var rateHz: Double

    public init(depthDB: Double, rateHz: Double) {
        self.depthDB = depthDB
        self.rateHz = rateHz
    }
}
