import Foundation
import KochCore

/// Removes a steady tone (a carrier that sounds without a break) from the
/// complex baseband, so that the keyed tone beside it is read as if the
/// carrier were absent.
///
/// The baseband is turned by the carrier's offset so that the carrier stands
/// still; its complex amplitude is the running mean of that (over everything
/// so far at first, then over about `averagingSeconds`), and is taken away,
/// turned back, from every sample. A keyed tone `offsetHz` away turns through
/// that mean and hardly moves it: 60 dB down at 30 Hz. The carrier's pitch is
/// known only to a fraction of a hertz, and the mean of a carrier that still
/// turns lags behind it, so its pitch is followed: every `loopSeconds` a share
/// of the mean's phase step corrects the offset (a frequency-locked loop),
/// until the carrier stands still.
public struct CarrierCanceller: Sendable {
    public private(set) var offsetHz: Double
    public let rate: Double
    private var phasorReal = 1.0
    private var phasorImaginary = 0.0
    private var meanReal = 0.0
    private var meanImaginary = 0.0
    private var samples = 0
    private let averagingSamples: Double
    private let loopSamples: Int
    private var lastPhase: Double?

    public static let averagingSeconds = 0.5
    public static let loopSeconds = 0.1
    /// The share of each measured phase step that corrects the offset (more overshoots: the
    /// mean answers a change of pitch only over `averagingSeconds`).
    static let loopGain = 0.2

    /// `offsetHz`: the carrier's pitch less the pitch the baseband was mixed from.
    public init(offsetHz: Double, rate: Double) {
        self.offsetHz = offsetHz
        self.rate = rate
        averagingSamples = Self.averagingSeconds * rate
        loopSamples = max(1, Int(Self.loopSeconds * rate))
    }

    /// Takes the carrier out of a block of baseband samples, in place.
    public mutating func process(real: inout [Float], imaginary: inout [Float]) {
        var omega = 2 * Double.pi * offsetHz / rate
        var stepReal = cos(omega), stepImaginary = sin(omega)
        for index in real.indices {
            let x = Double(real[index]), y = Double(imaginary[index])
            // Turned back by the carrier's phase, the carrier stands still.
            let stillReal = x * phasorReal + y * phasorImaginary
            let stillImaginary = y * phasorReal - x * phasorImaginary
            samples += 1
            let weight = 1 / min(Double(samples), averagingSamples)
            meanReal += weight * (stillReal - meanReal)
            meanImaginary += weight * (stillImaginary - meanImaginary)
            real[index] = Float(x - (meanReal * phasorReal - meanImaginary * phasorImaginary))
            imaginary[index] = Float(y - (meanReal * phasorImaginary + meanImaginary * phasorReal))
            let nextReal = phasorReal * stepReal - phasorImaginary * stepImaginary
            phasorImaginary = phasorReal * stepImaginary + phasorImaginary * stepReal
            phasorReal = nextReal
            if samples % loopSamples == 0 {
                let norm = (phasorReal * phasorReal + phasorImaginary * phasorImaginary).squareRoot()
                phasorReal /= norm
                phasorImaginary /= norm
                let phase = atan2(meanImaginary, meanReal)
                if let lastPhase, samples >= Int(averagingSamples) {
                    let step = remainder(phase - lastPhase, 2 * Double.pi)
                    offsetHz += Self.loopGain * step / Double(loopSamples) * rate / (2 * Double.pi)
                    omega = 2 * Double.pi * offsetHz / rate
                    (stepReal, stepImaginary) = (cos(omega), sin(omega))
                }
                lastPhase = phase
            }
        }
    }
}
