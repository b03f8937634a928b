import KochCore

/// A stretch of key down (a mark) or key up (a space), in envelope samples.
public struct KeyingRun: Sendable, Hashable {
    public var isMark: Bool
    public var startSample: Int
    public var lengthSamples: Int
    /// A space still going on, reported by a live reading before it ends (its length so far).
    public var isOpenSpace = false
    public var endSample: Int { startSample + lengthSamples }
}
