import Foundation
import Testing

@testable import KochCore

/// The keying read along the tone's own phase, learned from the marks' phases.
@Suite struct InPhaseReadingTests {
    static let rateHz = 200.0
    static let keying = DecodingSignals.keying("PARIS QFQG UJQWL ODRG YZ LZ FFKT", startWPM: 20, jitter: 0.05, seed: 3)

    /// The tone's amplitude at 200 samples a second, mixed down `offsetHz` from its pitch, each mark
    /// at `phase(markIndex)` radians more than a tone that ran on; and bursts of talk, a dah
    /// long at 1.5 times the tone's level, at `talkPhaseRadians`, in the middle of each word's gap.
    static func baseband(offsetHz: Double, phase: (Int) -> Double = { _ in 0 }, talkPhaseRadians: Double? = nil) -> (
        real: [Float], imaginary: [Float], talkSeconds: [Double]
    ) {
        let count = Int(keying.endSeconds * rateHz)
        var real = [Float](repeating: 0, count: count), imaginary = real
        for (index, interval) in keying.intervals.enumerated() {
            for sample in Int(interval.0 * rateHz)..<min(count, Int(interval.1 * rateHz)) {
                let angle = 2 * Double.pi * offsetHz * Double(sample) / rateHz + 0.7 + phase(index)
                real[sample] += Float(cos(angle))
                imaginary[sample] += Float(sin(angle))
            }
        }
        var talk: [Double] = []
        if let talkPhaseRadians {
            for (before, after) in zip(keying.intervals, keying.intervals.dropFirst()) where after.0 - before.1 > 0.3 {
                let middle = (before.1 + after.0) / 2
                talk.append(middle)
                for sample in Int((middle - 0.09) * rateHz)..<Int((middle + 0.09) * rateHz) {
                    let angle = 2 * Double.pi * offsetHz * Double(sample) / rateHz + 0.7 + talkPhaseRadians
                    real[sample] += Float(1.5 * cos(angle))
                    imaginary[sample] += Float(1.5 * sin(angle))
                }
            }
        }
        return (real, imaginary, talk)
    }

    static var marks: [InPhaseReading.Mark] {
        keying.intervals.map { InPhaseReading.Mark(startSeconds: $0.0, durationSeconds: $0.1 - $0.0) }
    }

    @Test func theMarksPhaseGivesThePitchAndTalksBurstsOffItAreNoMarks() throws {
        // Bursts 40° off the tone's phase (in phase, louder than the tone's marks) and half a
        // turn off it. (One in the tone's phase is a mark as far as the phase can tell.)
        for talkPhase in [40 * Double.pi / 180, Double.pi] {
            let signal = Self.baseband(offsetHz: 0.4, talkPhaseRadians: talkPhase)
            let read = try #require(
                InPhaseReading.read(real: signal.real, imaginary: signal.imaginary, rateHz: Self.rateHz, marks: Self.marks, ditSeconds: 0.06))
            #expect(abs(read.pitchOffsetHz - 0.4) < 0.002, "\(read.pitchOffsetHz)")
            #expect(read.coherence > 0.99)
            for interval in Self.keying.intervals {
                #expect(read.envelope[Int((interval.0 + interval.1) / 2 * Self.rateHz)] > 0.8, "the mark at \(interval.0) s")
            }
            #expect(!signal.talkSeconds.isEmpty)
            for seconds in signal.talkSeconds {
                #expect(read.envelope[Int(seconds * Self.rateHz)] < InPhaseReading.markLevel, "talk at \(seconds) s, phase \(talkPhase)")
            }
        }
    }

    @Test func marksAtRandomPhasesOrTooFewAreNotReadAlong() {
        var random = SeededGenerator(seed: 9)
        let phases = Self.marks.map { _ in Double.random(in: 0..<(2 * Double.pi), using: &random) }
        let restarted = Self.baseband(offsetHz: 0.4, phase: { phases[$0] })
        #expect(
            InPhaseReading.read(real: restarted.real, imaginary: restarted.imaginary, rateHz: Self.rateHz, marks: Self.marks, ditSeconds: 0.06)
                == nil)
        let steady = Self.baseband(offsetHz: 0.4)
        let few = Array(Self.marks.prefix(InPhaseReading.fewestMarks - 1))
        #expect(InPhaseReading.read(real: steady.real, imaginary: steady.imaginary, rateHz: Self.rateHz, marks: few, ditSeconds: 0.06) == nil)
    }
}
