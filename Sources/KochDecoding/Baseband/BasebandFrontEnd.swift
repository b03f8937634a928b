import KochCore

/// The first stage of decoding: each channel decimated, moved to baseband
/// (`BasebandConverter`) and rid of the steady carriers near the tone. It
/// keeps no state the later stages read, so it can run ahead of them on
/// another core.
public struct BasebandFrontEnd: Sendable {
    private var decimators: [Decimator]
    private var basebands: [BasebandConverter]
    /// [channel]: the carriers near the tone, taken out of the baseband.
    private var cancellers: [[CarrierCanceller]]
    private var decimated: [Float] = []
    /// The baseband's sample rate.
    public let outputRate: Double
    /// The baseband low-pass's delay, in seconds.
    public let delaySeconds: Double

    public init(configuration: DecoderConfiguration) {
        let channels = configuration.channelCount
        decimators = (0..<channels).map { _ in Decimator(inputRate: configuration.sampleRate, keepingToneHz: configuration.toneHz) }
        let decimatedRate = decimators.first?.outputRate ?? Double(configuration.sampleRate)
        basebands = (0..<channels).map { _ in
            BasebandConverter(toneHz: configuration.toneHz, inputRate: decimatedRate, track: configuration.toneTrack)
        }
        let basebandRate = basebands.first?.outputRate ?? decimatedRate
        outputRate = basebandRate
        delaySeconds = basebands.first?.delaySeconds ?? 0
        // Carriers further off are shut out by the baseband's low-pass (and would fold back at its rate).
        let carrierOffsetsHz = configuration.steadyTonesHz.map { $0 - configuration.toneHz }
            .filter { abs($0) >= CWDecoder.nearestCarrierHz && abs($0) <= CWDecoder.farthestCarrierShare * basebandRate }
        cancellers = (0..<channels).map { _ in carrierOffsetsHz.map { CarrierCanceller(offsetHz: $0, rate: basebandRate) } }
    }

    /// Whether the front end decimates exactly as the tone search's intake did, so that the
    /// intake's blocks can be taken as they are (`process(decimated:)`).
    public func decimatesLike(_ intake: ToneFinderIntake) -> Bool {
        guard let mine = decimators.first, let theirs = intake.decimator else { return false }
        return mine.decimatesLike(theirs)
    }

    /// One block of samples, one array per channel, at baseband.
    public mutating func process(_ channels: [[Float]]) -> BasebandBlock {
        var block = BasebandBlock(channelCount: decimators.count)
        for channel in 0..<min(decimators.count, channels.count) {
            decimated.removeAll(keepingCapacity: true)
            decimators[channel].process(channels[channel], into: &decimated)
            moveToBaseband(decimated, channel: channel, into: &block)
        }
        return block
    }

    /// One block already decimated the same way (see `decimatesLike(_:)`), one array per
    /// channel, at baseband: the same as `process(_:)` of the samples it was made from.
    public mutating func process(decimated channels: [[Float]]) -> BasebandBlock {
        var block = BasebandBlock(channelCount: decimators.count)
        for channel in 0..<min(decimators.count, channels.count) {
            moveToBaseband(channels[channel], channel: channel, into: &block)
        }
        return block
    }

    private mutating func moveToBaseband(_ decimated: [Float], channel: Int, into block: inout BasebandBlock) {
        basebands[channel].process(decimated, real: &block.real[channel], imaginary: &block.imaginary[channel])
        for index in cancellers[channel].indices {
            cancellers[channel][index].process(real: &block.real[channel], imaginary: &block.imaginary[channel])
        }
    }
}

/// A block at baseband: the complex amplitude of the tone, per channel.
public struct BasebandBlock: Sendable {
    public var real: [[Float]]
    public var imaginary: [[Float]]

    init(channelCount: Int) {
        real = Array(repeating: [], count: channelCount)
        imaginary = real
    }
}
