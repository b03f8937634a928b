import KochCore

/// A stretch of key down (a mark) or key up (a space), in envelope samples.
public struct KeyingRun: Sendable, Hashable {
    public var isMark: Bool
    public var startSample: Int
    public var lengthSamples: Int
    public var endSample: Int { startSample + lengthSamples }
}
