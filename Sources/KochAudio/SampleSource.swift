/// Mono samples (full scale ±1) read a stretch at a time, so that audio
/// too long to hold whole can be written: the source makes each stretch
/// when it is asked for.
public struct SampleSource: Sendable {
    public let count: Int
    /// Stretches that start on a multiple of this and are as long are read without waste.
    public let blockSamples: Int
    private let reader: @Sendable (Range<Int>, UnsafeMutableBufferPointer<Float>) -> Void

    /// `read(range, buffer)` fills `buffer` (as long as `range`) with samples `range`.
    public init(
        count: Int, blockSamples: Int, read: @escaping @Sendable (_ range: Range<Int>, _ buffer: UnsafeMutableBufferPointer<Float>) -> Void
    ) {
        self.count = count
        self.blockSamples = max(1, blockSamples)
        reader = read
    }

    /// Samples already in memory.
    public init(_ samples: [Float]) {
        self.init(count: samples.count, blockSamples: 1 << 16) { range, buffer in
            samples.withUnsafeBufferPointer { all in
                _ = buffer.update(fromContentsOf: UnsafeBufferPointer(rebasing: all[range]))
            }
        }
    }

    public func read(_ range: Range<Int>, into buffer: UnsafeMutableBufferPointer<Float>) {
        precondition(range.count == buffer.count && range.lowerBound >= 0 && range.upperBound <= count)
        reader(range, buffer)
    }

    /// `range` cut at the source's block boundaries: each piece within one block.
    func pieces(of range: Range<Int>, maximumBlocks: Int = 1) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(range.upperBound, (start / blockSamples + max(1, maximumBlocks)) * blockSamples)
            pieces.append(start..<end)
            start = end
        }
        return pieces
    }
}
