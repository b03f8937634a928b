import Foundation
import KochCore

/// Moves the tone to 0 Hz and lowers the rate to about 500 samples a second.
///
/// The decimated audio is multiplied by e^(−2πi·f·t) (a rotating phasor), so
/// the tone becomes a slowly varying complex amplitude; a 4th-order
/// Butterworth low-pass at 100 Hz on each of I and Q keeps the keying
/// sidebands (a 40 WPM dit needs about 50 Hz) and removes hum, DC, other
/// tones more than a few hundred hertz away and everything that would fold
/// back when the rate is lowered. A tone at amplitude A comes out with
/// magnitude A/2. Given a `ToneTrack`, the phasor's rate follows the tone's
/// pitch (updated every `trackUpdateSamples`), so a drifting tone stays at 0 Hz.
public struct BasebandConverter: Sendable {
    public let toneHz: Double
    public let inputRate: Double
    public let factor: Int
    public var outputRate: Double { inputRate / Double(factor) }
    /// Delay of the low-pass near 0 Hz, in seconds.
    public var delaySeconds: Double { 0.0042 }

    private var inPhase: ButterworthLowPass
    private var quadrature: ButterworthLowPass
    private var phasorReal = 1.0
    private var phasorImaginary = 0.0
    private var stepReal: Double
    private var stepImaginary: Double
    private let track: ToneTrack?
    private var samplesIn = 0
    static let trackUpdateSamples = 32
    private var phase = 0
    private var sinceRenormalized = 0

    public init(
        toneHz: Double, inputRate: Double, targetOutputRate: Double = 500, bandwidthHz: Double = 100,
        track: ToneTrack? = nil
    ) {
        self.track = track
        self.toneHz = toneHz
        self.inputRate = inputRate
        factor = max(1, Int((inputRate / targetOutputRate).rounded()))
        inPhase = ButterworthLowPass(cutoffHz: bandwidthHz, order: 4, sampleRate: inputRate)
        quadrature = inPhase
        (stepReal, stepImaginary) = Self.step(toneHz: track?.frequencyHz(atSeconds: 0) ?? toneHz, inputRate: inputRate)
    }

    private static func step(toneHz: Double, inputRate: Double) -> (real: Double, imaginary: Double) {
        let omega = 2 * Double.pi * toneHz / inputRate
        return (cos(omega), -sin(omega))
    }

    /// Appends the baseband samples of one block (real and imaginary parts).
    public mutating func process(_ input: [Float], real: inout [Float], imaginary: inout [Float]) {
        let count = input.count
        guard count > 0 else { return }
        // The block mixed down, then low-passed a section at a time: the same values as
        // filtering each sample through every section before the next.
        let mixed = UnsafeMutableBufferPointer<Double>.allocate(capacity: 2 * count)
        defer { mixed.deallocate() }
        let inPhaseSamples = UnsafeMutableBufferPointer(rebasing: mixed[0..<count])
        let quadratureSamples = UnsafeMutableBufferPointer(rebasing: mixed[count..<(2 * count)])
        for (index, x) in input.enumerated() {
            if let track, samplesIn % Self.trackUpdateSamples == 0 {
                (stepReal, stepImaginary) = Self.step(toneHz: track.frequencyHz(atSeconds: Double(samplesIn) / inputRate), inputRate: inputRate)
            }
            samplesIn += 1
            let sample = Double(x)
            inPhaseSamples[index] = sample * phasorReal
            quadratureSamples[index] = sample * phasorImaginary
            let nextReal = phasorReal * stepReal - phasorImaginary * stepImaginary
            phasorImaginary = phasorReal * stepImaginary + phasorImaginary * stepReal
            phasorReal = nextReal
            sinceRenormalized += 1
            if sinceRenormalized == 4096 {
                sinceRenormalized = 0
                let norm = (phasorReal * phasorReal + phasorImaginary * phasorImaginary).squareRoot()
                phasorReal /= norm
                phasorImaginary /= norm
            }
        }
        inPhase.process(inPhaseSamples, alongside: quadratureSamples, filteredBy: &quadrature)
        // Every `factor`-th sample, counted across blocks.
        var index = factor - 1 - phase
        while index < count {
            real.append(Float(inPhaseSamples[index]))
            imaginary.append(Float(quadratureSamples[index]))
            index += factor
        }
        phase = (phase + count) % factor
    }
}
