import KochCore

/// One sample of the envelope as the decoder saw it, for a plot.
public struct TracePoint: Sendable, Hashable {
    public let timeSeconds: Double
    public let envelope: Double
    /// The midpoint between the mark level and the noise floor (infinite before any keying was seen).
    public let threshold: Double
    public let keyDown: Bool
}
