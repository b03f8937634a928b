/// The levels the threshold sits between, estimated over a few seconds.
public struct SignalLevels: Sendable, Hashable {
    /// Mean envelope while the key is down.
    public var markLevel: Double
    /// Mean envelope while the key is up (the noise floor).
    public var spaceLevel: Double

    /// Where the key is taken to go down or up, with hysteresis around the midpoint.
    public func threshold(keyDown: Bool, hysteresis: Double) -> Double {
        let middle = 0.5 * (markLevel + spaceLevel)
        let offset = hysteresis * (markLevel - spaceLevel)
        return keyDown ? middle - offset : middle + offset
    }
}
