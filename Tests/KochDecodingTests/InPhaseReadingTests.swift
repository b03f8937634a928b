import Foundation
import KochTestSupport
import Testing

@testable import KochCore
@testable import KochDecoding

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

    @Test func theFasterPartOfATakeKeepsItsDitsAndGaps() throws {
        // A learner speeding up from 15 to 30 WPM over the take, with a voice's harmonic
        // turning slowly through the tone's band at a quarter of its level: the band is scaled to
        // the dits of the take's faster part. Scaled to the whole take's dit (20 WPM's), it
        // lowered the faster part's dits and raised its gaps to where the harmonic moved them
        // across the mark level.
        let keying = DecodingSignals.keying(
            "PARIS QFQG UJQWL ODRG YZ LZ FFKT HSVB EIS PARIS", startWPM: 15, endWPM: 30, jitter: 0.1, seed: 5)
        let count = Int(keying.endSeconds * Self.rateHz)
        var real = (0..<count).map { Float(0.25 * cos(2 * Double.pi * 2.5 * Double($0) / Self.rateHz)) }
        let imaginary = (0..<count).map { Float(0.25 * sin(2 * Double.pi * 2.5 * Double($0) / Self.rateHz)) }
        for interval in keying.intervals {
            for sample in Int((interval.0 * Self.rateHz).rounded())..<Int((interval.1 * Self.rateHz).rounded()) { real[sample] += 1 }
        }
        let marks = keying.intervals.map { InPhaseReading.Mark(startSeconds: $0.0, durationSeconds: $0.1 - $0.0) }
        let read = try #require(
            InPhaseReading.read(real: real, imaginary: imaginary, rateHz: Self.rateHz, marks: marks, ditSeconds: Timing.unitSeconds(wpm: 20)))
        let runs = KeyingChannel.keyDownRuns(read.envelope.map { $0 > InPhaseReading.markLevel })
        #expect(runs.count == marks.count, "\(runs.count) marks read of \(marks.count)")
    }

    @Test func theDitOfTheFasterPartIsTheLowerQuartileOfTheDits() {
        func marks(_ seconds: [Double]) -> [InPhaseReading.Mark] {
            seconds.enumerated().map { InPhaseReading.Mark(startSeconds: Double($0.offset), durationSeconds: $0.element) }
        }
        let steady = marks(Array(repeating: 0.06, count: 30) + Array(repeating: 0.18, count: 20))
        #expect(InPhaseReading.fasterDitSeconds(marks: steady, ditSeconds: 0.06) == 0.06)
        let speedingUp = marks((0..<40).map { 0.08 - 0.032 * Double($0) / 39 } + Array(repeating: 0.2, count: 20))
        let faster = InPhaseReading.fasterDitSeconds(marks: speedingUp, ditSeconds: 0.064)
        #expect(faster > 0.05 && faster < 0.058, "\(faster)")
        let fragments = marks(Array(repeating: 0.01, count: 20) + Array(repeating: 0.06, count: 20))
        #expect(InPhaseReading.fasterDitSeconds(marks: fragments, ditSeconds: 0.06) == 0.6 * 0.06)
        let few = marks(Array(repeating: 0.03, count: 9) + Array(repeating: 0.18, count: 20))
        #expect(InPhaseReading.fasterDitSeconds(marks: few, ditSeconds: 0.06) == 0.06)
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
