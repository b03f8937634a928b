/// Lowers the sample rate by a whole factor after an anti-aliasing
/// low-pass, so that the tone band (up to 1.5 kHz) survives intact and
/// everything that would fold back onto it is attenuated.
///
/// The factor is the largest whole number that keeps the output rate at or
/// above `minimumOutputRate` (6 kHz by default: 44.1 kHz → 6.3 kHz,
/// 48 kHz → 6 kHz, 16 kHz → 8 kHz, 8 kHz unchanged). The low-pass is a
/// 6th-order Butterworth at 1.8 kHz:
/// within 0.5 dB up to 1.5 kHz, and at least 45 dB down at the frequencies that fold onto 300–1500 Hz.
public struct Decimator: Sendable {
    public let inputRate: Int
    public let factor: Int
    public var outputRate: Double { Double(inputRate) / Double(factor) }
    /// The anti-aliasing low-pass's cutoff (unused when the factor is 1).
    public let cutoffHz: Double
    private var filter: ButterworthLowPass?
    private var phase = 0

    public init(inputRate: Int, minimumOutputRate: Int = 6000, cutoffHz: Double = 1800) {
        self.inputRate = inputRate
        factor = max(1, inputRate / minimumOutputRate)
        self.cutoffHz = cutoffHz
        filter = factor > 1 ? ButterworthLowPass(cutoffHz: cutoffHz, order: 6, sampleRate: Double(inputRate)) : nil
    }

    /// A decimator whose band keeps a tone of `toneHz` (above the usual 1.5 kHz band, the
    /// output rate rises to keep it at most 0.3 of that rate, with the low-pass 20 % above it).
    public init(inputRate: Int, keepingToneHz toneHz: Double) {
        if toneHz <= 1500 {
            self.init(inputRate: inputRate)
        } else {
            self.init(inputRate: inputRate, minimumOutputRate: Int((toneHz / 0.3).rounded(.up)), cutoffHz: 1.2 * toneHz)
        }
    }

    /// Whether this decimator, started afresh, makes exactly what `other` makes of the same samples.
    public func decimatesLike(_ other: Decimator) -> Bool {
        inputRate == other.inputRate && factor == other.factor && (factor == 1 || cutoffHz == other.cutoffHz)
    }

    /// Appends the decimated samples of one block to `output`.
    public mutating func process(_ input: [Float], into output: inout [Float]) {
        guard var filter else {
            output.append(contentsOf: input)
            return
        }
        output.reserveCapacity(output.count + input.count / factor + 1)
        phase = filter.process(input, keepingEvery: factor, phase: phase, into: &output)
        self.filter = filter
    }
}
