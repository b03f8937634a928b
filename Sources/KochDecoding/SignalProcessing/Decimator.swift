import Foundation

/// Lowers the sample rate by a whole factor after an anti-aliasing
/// low-pass, so that the tone band (up to 1.5 kHz) survives intact and
/// everything that would fold back onto it is attenuated.
///
/// The factor is the largest whole number that keeps the output rate at or
/// above `minimumOutputRate` (6 kHz by default: 44.1 kHz → 6.3 kHz,
/// 48 kHz → 6 kHz, 16 kHz → 8 kHz, 8 kHz unchanged). The low-pass is a
/// linear-phase FIR filter (a windowed sinc, Kaiser window; Oppenheim &
/// Schafer, *Discrete-Time Signal Processing*, §7.6) evaluated only at the
/// samples kept, a polyphase decimator: within 0.1 dB up to the band's top,
/// and at least 50 dB down (measured when it is made) from the lowest frequency that folds onto the
/// band (the output rate less the band's top) upwards. Its delay is half its
/// length: about half a millisecond (0.50 ms at 44.1 kHz, 0.54 ms at 48 kHz).
public struct Decimator: Sendable {
    public let inputRate: Int
    public let factor: Int
    public var outputRate: Double { Double(inputRate) / Double(factor) }
    /// The top of the band kept intact.
    public let passbandHz: Double
    /// The filter's taps, in reverse order (the oldest sample's first), padded with zeros to a
    /// multiple of 8; empty when the factor is 1.
    private let reversedTaps: [Float]
    /// The last samples of the input, as many as the filter is long less one, then the block.
    private var history: [Float]
    /// Input samples to pass before the next one kept.
    private var skip: Int

    /// Stopband attenuation of the anti-aliasing filter, in dB.
    static let stopbandDB = 50.0

    public init(inputRate: Int, minimumOutputRate: Int = 6000, passbandHz: Double = 1500) {
        self.inputRate = inputRate
        factor = max(1, inputRate / minimumOutputRate)
        self.passbandHz = passbandHz
        reversedTaps =
            factor > 1
            ? Self.taps(inputRate: Double(inputRate), passbandHz: passbandHz, stopbandHz: Double(inputRate) / Double(factor) - passbandHz)
            : []
        history = Array(repeating: 0, count: max(0, reversedTaps.count - 1))
        skip = factor - 1
    }

    /// A decimator whose band keeps a tone of `toneHz` (above the usual 1.5 kHz band, the
    /// output rate rises to keep it at most 0.3 of that rate).
    public init(inputRate: Int, keepingToneHz toneHz: Double) {
        if toneHz <= 1500 {
            self.init(inputRate: inputRate)
        } else {
            self.init(inputRate: inputRate, minimumOutputRate: Int((toneHz / 0.3).rounded(.up)), passbandHz: 1.05 * toneHz)
        }
    }

    /// A Kaiser-windowed sinc low-pass, cut halfway between the band's top and the stopband, of
    /// the length Kaiser's formula gives for 55 dB over that transition (the formula errs for
    /// short filters), lengthened until its response is measured `stopbandDB` down across the
    /// stopband and within 0.1 dB across the band; reversed and padded.
    static func taps(inputRate: Double, passbandHz: Double, stopbandHz: Double) -> [Float] {
        let designDB = stopbandDB + 5
        let transition = max(stopbandHz - passbandHz, 0.02 * inputRate) / inputRate
        let beta = 0.1102 * (designDB - 8.7)
        let cutoff = (passbandHz + stopbandHz) / 2 / inputRate
        var length = Int(((designDB - 7.95) / (14.36 * transition)).rounded(.up)) | 1
        while true {
            let middle = Double(length - 1) / 2
            var taps = (0..<length).map { index -> Double in
                let t = Double(index) - middle
                let sinc = t == 0 ? 2 * cutoff : sin(2 * Double.pi * cutoff * t) / (Double.pi * t)
                let ratio = t / middle
                return sinc * besselI0(beta * max(0, 1 - ratio * ratio).squareRoot()) / besselI0(beta)
            }
            let sum = taps.reduce(0, +)
            taps = taps.map { $0 / sum }
            func gainDB(_ frequencyHz: Double) -> Double {
                let omega = 2 * Double.pi * frequencyHz / inputRate
                var real = 0.0, imaginary = 0.0
                for (index, tap) in taps.enumerated() {
                    real += tap * cos(omega * Double(index))
                    imaginary -= tap * sin(omega * Double(index))
                }
                return 10 * log10(max(real * real + imaginary * imaginary, 1e-30))
            }
            let stopband = (0...255).map { stopbandHz + (inputRate / 2 - stopbandHz) * Double($0) / 255 }
            let band = (0...63).map { passbandHz * Double($0) / 63 }
            let meetsTheSpecification =
                stopband.allSatisfy { gainDB($0) <= -stopbandDB } && band.allSatisfy { abs(gainDB($0)) <= 0.1 }
            if meetsTheSpecification || length > 4096 {
                // Symmetric, so reversed they are the same; padded in front, where the oldest samples go.
                let padding = (8 - length % 8) % 8
                return Array(repeating: 0, count: padding) + taps.map { Float($0) }
            }
            length += 2
        }
    }

    /// The modified Bessel function of the first kind, order 0, by its power series.
    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0, k = 1.0
        while term > 1e-12 * sum {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }

    /// Whether this decimator, started afresh, makes exactly what `other` makes of the same samples.
    public func decimatesLike(_ other: Decimator) -> Bool {
        inputRate == other.inputRate && factor == other.factor && (factor == 1 || passbandHz == other.passbandHz)
    }

    /// Appends the decimated samples of one block to `output`.
    public mutating func process(_ input: [Float], into output: inout [Float]) {
        guard factor > 1 else {
            output.append(contentsOf: input)
            return
        }
        output.reserveCapacity(output.count + input.count / factor + 1)
        let kept = history.count
        history.append(contentsOf: input)
        var position = skip
        let length = reversedTaps.count
        history.withUnsafeBufferPointer { samples in
            reversedTaps.withUnsafeBufferPointer { taps in
                guard let samples = samples.baseAddress, let taps = taps.baseAddress else { return }
                while position < input.count {
                    // The output at input sample `position` of the block: the filter's window ends there.
                    let window = samples + position + kept + 1 - length
                    var sum = SIMD8<Float>()
                    var offset = 0
                    while offset < length {
                        sum += window.loadVector(at: offset) * taps.loadVector(at: offset)
                        offset += 8
                    }
                    output.append(sum.sum())
                    position += factor
                }
            }
        }
        skip = position - input.count
        history.removeFirst(history.count - kept)
    }
}
