import Foundation
import KochCore
import Testing

@testable import KochSound

/// The sidetone at 600 Hz, 48 kHz, rendered in blocks of 64 samples.
@Suite struct SidetoneTests {
    let sampleRateHz = 48000
    let amplitude = 0.5

    /// `blocks` blocks of the key down from `downSeconds` to `upSeconds`.
    func rendered(blocks: Int, blockLength: Int = 64, downSeconds: Double, upSeconds: Double) -> [Float] {
        var sidetone = Sidetone(frequencyHz: 600, sampleRateHz: sampleRateHz, amplitude: amplitude)
        var samples: [Float] = []
        var block = [Float](repeating: 0, count: blockLength)
        for index in 0..<blocks {
            let start = Double(index * blockLength) / Double(sampleRateHz)
            block.withUnsafeMutableBufferPointer { buffer in
                sidetone.render(into: buffer, startSeconds: start) { $0 >= downSeconds && $0 < upSeconds }
            }
            samples += block
        }
        return samples
    }

    @Test func aKeyGoingDownAndUpMidBlockMakesNoStep() {
        // Down 30 samples into the third block, up 10 samples into the twentieth.
        let samples = rendered(blocks: 30, downSeconds: (128 + 30) / 48000.0, upSeconds: (19 * 64 + 10) / 48000.0)
        let steps = zip(samples, samples.dropFirst()).map { abs($1 - $0) }
        // A steady sine moves at most amplitude · 2π · 600 / 48000 (0.039) a sample; the edge adds little.
        #expect((steps.max() ?? 0) < Float(amplitude * 0.09))
        #expect(samples.prefix(158).allSatisfy { $0 == 0 }, "silent before the key goes down")
        #expect(abs((samples.max() ?? 0) - Float(amplitude)) < 0.01, "reaches full amplitude")
        // The fall ends 5 ms (240 samples) after the key goes up, and the tone is silent after.
        #expect(samples.suffix(from: 19 * 64 + 10 + 241).allSatisfy { $0 == 0 })
    }

    @Test func blocksOfAnyLengthMakeTheSameTone() {
        let long = rendered(blocks: 1, blockLength: 1920, downSeconds: 0.004, upSeconds: 0.031)
        let short = rendered(blocks: 30, blockLength: 64, downSeconds: 0.004, upSeconds: 0.031)
        #expect(zip(long, short).allSatisfy { abs($0 - $1) < 1e-5 })
    }
}
