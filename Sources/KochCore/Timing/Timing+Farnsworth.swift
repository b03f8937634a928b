extension Timing {
    /// Total spacing time in one PARIS word at the effective speed (ta).
    public var farnsworthSpacingSeconds: Double {
        let c = characterSpeedWPM
        let s = effectiveSpeedWPM
        return (60 * c - 37.2 * s) / (s * c)
    }

    /// One of the 19 stretched spacing units; equal to a unit when s = c.
    public var farnsworthSpacingUnitSeconds: Double {
        farnsworthSpacingSeconds / 19
    }

    /// Whether the gaps are stretched beyond the character speed.
    public var isFarnsworth: Bool { effectiveSpeedWPM < characterSpeedWPM }
}
