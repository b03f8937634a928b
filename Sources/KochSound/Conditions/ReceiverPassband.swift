import Foundation
import KochCore

/// The audio passband of the receiver a band is heard through, which
/// shapes the band noise (QRN and crackle): a receiver's audio has no
/// rumble below its filter and no hiss far above it. A width up to 1000 Hz
/// is a CW filter centred on the tone; a wider one is an SSB filter from
/// 300 Hz up (2400 Hz: 300 to 2700 Hz, the default). Each edge is a
/// 4th-order Butterworth slope (−3 dB at the edge, 24 dB an octave beyond).
public struct ReceiverPassband: Sendable {
    public static let defaultWidthHz = QRN.defaultReceiverFilterWidthHz
    public static let widestCWFilterHz = 1000.0
    public static let ssbLowEdgeHz = 300.0

    public let lowHz: Double
    public let highHz: Double
    private var sections: [Biquad]

    public init(widthHz: Double, toneHz: Double, sampleRate: Int) {
        let fs = Double(sampleRate)
        var (low, high) =
            widthHz <= Self.widestCWFilterHz
            ? (toneHz - widthHz / 2, toneHz + widthHz / 2) : (Self.ssbLowEdgeHz, Self.ssbLowEdgeHz + widthHz)
        low = max(20, low)
        high = min(high, 0.45 * fs)
        lowHz = low
        highHz = max(high, low + 1)
        // The Q of the two pole pairs of a 4th-order Butterworth.
        let qualities = [0.5412, 1.3066]
        sections =
            qualities.map { Biquad.highPass(cutoffHz: low, qualityFactor: $0, sampleRate: fs) }
            + qualities.map { Biquad.lowPass(cutoffHz: min(high, 0.49 * fs), qualityFactor: $0, sampleRate: fs) }
    }

    /// Filters the samples in place, carrying the state from call to call.
    public mutating func process(_ buffer: UnsafeMutableBufferPointer<Float>) {
        guard sections.count == 4 else {
            for n in buffer.indices {
                var y = Double(buffer[n])
                for index in sections.indices { y = sections[index].process(y) }
                buffer[n] = Float(y)
            }
            return
        }
        // The four sections held in registers for the loop: the same sums, in the same order.
        var (first, second, third, fourth) = (sections[0], sections[1], sections[2], sections[3])
        for n in buffer.indices {
            buffer[n] = Float(fourth.process(third.process(second.process(first.process(Double(buffer[n]))))))
        }
        sections = [first, second, third, fourth]
    }

    /// |H(f)|², the power gain at a frequency.
    public func powerGain(atHz frequencyHz: Double, sampleRate: Int) -> Double {
        let magnitude = sections.reduce(1) { $0 * $1.magnitude(atHz: frequencyHz, sampleRate: Double(sampleRate)) }
        return magnitude * magnitude
    }
}
