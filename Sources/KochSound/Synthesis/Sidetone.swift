import Foundation

/// The tone a key sounds while it is down, rendered block by block as the sound card asks for
/// samples, from the key's state sample by sample.
///
/// The envelope rises and falls as a raised cosine (sin²) over `riseSeconds`, as
/// `ToneSynthesizer` shapes a lesson's elements, so a mark that starts or ends inside a block
/// does not click. Live, the edge cannot be centred on the key-down instant as a lesson's is: it
/// starts there, so both edges come half a rise late and a mark keeps its length. A key let go
/// during the rise falls back from where the rise got to. The oscillator runs on from block to
/// block without a jump of phase.
public struct Sidetone: Sendable {
    public let frequencyHz: Double
    public let sampleRateHz: Int
    /// Peak amplitude, 1.0 being full scale.
    public let amplitude: Double
    /// The envelope, from silence to full: a raised cosine over the rise.
    private let edge: [Float]
    /// Where on `edge` the envelope stands: 0 silent, `edge.count - 1` full.
    private var edgePosition = 0
    private var phasorRe = 1.0
    private var phasorIm = 0.0
    private let stepRe: Double
    private let stepIm: Double

    public init(frequencyHz: Double, sampleRateHz: Int, amplitude: Double = 0.5, riseSeconds: Double = 0.005) {
        self.frequencyHz = frequencyHz
        self.sampleRateHz = sampleRateHz
        self.amplitude = amplitude
        let length = max(2, Int((riseSeconds * Double(sampleRateHz)).rounded()))
        edge = (0...length).map { k in
            let s = sin(Double.pi / 2 * Double(k) / Double(length))
            return Float(s * s)
        }
        let omega = 2 * Double.pi * frequencyHz / Double(sampleRateHz)
        stepRe = cos(omega)
        stepIm = sin(omega)
    }

    /// Whether the tone is silent: key up and the fall complete.
    public var isSilent: Bool { edgePosition == 0 }

    /// Fills `buffer` (replacing what it held), its first sample at `startSeconds`; `keyDown`
    /// says whether the key is down at each sample's time.
    public mutating func render(into buffer: UnsafeMutableBufferPointer<Float>, startSeconds: Double, keyDown: (Double) -> Bool) {
        let secondsPerSample = 1 / Double(sampleRateHz)
        let top = edge.count - 1
        for index in buffer.indices {
            let down = keyDown(startSeconds + Double(index) * secondsPerSample)
            edgePosition = down ? min(top, edgePosition + 1) : max(0, edgePosition - 1)
            buffer[index] = Float(amplitude * phasorIm) * edge[edgePosition]
            let nextRe = phasorRe * stepRe - phasorIm * stepIm
            phasorIm = phasorRe * stepIm + phasorIm * stepRe
            phasorRe = nextRe
        }
        // The rotation's rounding would slowly change the amplitude: keep the phasor on the unit circle.
        let magnitude = (phasorRe * phasorRe + phasorIm * phasorIm).squareRoot()
        phasorRe /= magnitude
        phasorIm /= magnitude
    }
}
