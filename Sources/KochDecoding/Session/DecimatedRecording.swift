import KochCore

/// The tone search's decimated blocks, kept for the decoding pass while they
/// fit in `budgetSamples` (32 MB: 22 minutes of a mono recording at 6.3 kHz).
/// When the decoding pass decimates the same way (a tone within the usual
/// band), it takes them instead of reading and decimating the recording
/// again; a longer recording is read twice, and memory stays bounded.
struct DecimatedRecording {
    static let budgetSamples = 8 << 20

    /// The blocks in order, one array per channel; nil once over the budget.
    private(set) var blocks: [[[Float]]]? = []
    private var sampleCount = 0

    /// Keeps `block` while the budget allows; returns it, to be passed on.
    mutating func keep(_ block: DecimatedBlock) -> DecimatedBlock {
        guard blocks != nil else { return block }
        sampleCount += block.channels.reduce(0) { $0 + $1.count }
        if sampleCount > Self.budgetSamples {
            blocks = nil
        } else {
            blocks?.append(block.channels)
        }
        return block
    }
}
