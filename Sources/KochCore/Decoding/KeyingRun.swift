/// A stretch of key down (a mark) or key up (a space), in envelope samples.
public struct KeyingRun: Sendable, Hashable {
    public var isMark: Bool
    public var startSample: Int
    public var lengthSamples: Int
    /// A mark whose pitch reads off the tone's: speech or music passing through the filter.
    public var isOffPitch = false
    public var endSample: Int { startSample + lengthSamples }
}
