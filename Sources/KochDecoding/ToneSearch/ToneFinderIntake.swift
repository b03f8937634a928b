import KochCore
import KochSound

/// The first stage of the tone search: each channel decimated to about
/// 6 kHz (`Decimator`), and the loudest sample noted. It keeps no state
/// the analysis reads, so it can run ahead of it on another core.
public struct ToneFinderIntake: Sendable {
    private var decimators: [Decimator]
    /// The decimated sample rate.
    public let outputRate: Double

    public init(sampleRate: Int, channelCount: Int) {
        decimators = (0..<channelCount).map { _ in Decimator(inputRate: sampleRate) }
        outputRate = decimators.first?.outputRate ?? Double(sampleRate)
        decimator = decimators.first
    }

    /// The first channel's decimator, as it was made (nil for a recording of no channel).
    public let decimator: Decimator?

    /// One block of samples, one array per channel, decimated; `largestMagnitudes`, if the
    /// caller measured them, are each channel's largest |sample| (`LargestMagnitude`).
    public mutating func process(_ channels: [[Float]], largestMagnitudes: [Float]? = nil) -> DecimatedBlock {
        var block = DecimatedBlock(channels: Array(repeating: [], count: decimators.count), peakSample: 0)
        for channel in 0..<min(decimators.count, channels.count) {
            block.peakSample = max(block.peakSample, largestMagnitudes?[channel] ?? LargestMagnitude.of(channels[channel]))
            decimators[channel].process(channels[channel], into: &block.channels[channel])
        }
        return block
    }
}

/// A block of the tone search's input, decimated, per channel.
public struct DecimatedBlock: Sendable {
    public var channels: [[Float]]
    /// The largest magnitude among the block's samples before decimation.
    public var peakSample: Float
}
