import KochCore

/// The levels the threshold sits between, estimated over a few seconds.
public struct SignalLevels: Sendable, Hashable {
    /// The tone's envelope while the key is down (its amplitude, without the noise).
    public var markLevel: Double
    /// Mean envelope while the key is up (the noise floor).
    public var spaceLevel: Double
    /// Standard deviation σ of each of the noise's two components (in phase and in
    /// quadrature); the key-up envelope is Rayleigh distributed with mean σ·√(π/2).
    public var noiseDeviation: Double

    public init(markLevel: Double, spaceLevel: Double, noiseDeviation: Double? = nil) {
        self.markLevel = markLevel
        self.spaceLevel = spaceLevel
        self.noiseDeviation = noiseDeviation ?? spaceLevel / (Double.pi / 2).squareRoot()
    }

    /// Where the key is taken to go down or up, with hysteresis around the midpoint.
    public func threshold(keyDown: Bool, hysteresis: Double) -> Double {
        let middle = 0.5 * (markLevel + spaceLevel)
        let offset = hysteresis * (markLevel - spaceLevel)
        return keyDown ? middle - offset : middle + offset
    }
}
