import Foundation
import KochCore
import Testing

@testable import KochDecoding

/// Taking a steady carrier out of the baseband, and a speed hint bounding the timing learned.
@Suite struct CarrierCancellerTests {
    static let rate = 500.0

    /// Baseband of a carrier `offsetHz` from 0 Hz, and of a keyed tone at 0 Hz (on for 0.1 s, off for 0.1 s).
    static func baseband(carrierOffsetHz: Double, carrierAmplitude: Double, seconds: Double) -> (real: [Float], imaginary: [Float], keyed: [Bool]) {
        let count = Int(seconds * rate)
        var real = [Float](repeating: 0, count: count), imaginary = real
        var keyed = [Bool](repeating: false, count: count)
        for n in 0..<count {
            let t = Double(n) / rate
            keyed[n] = Int(t / 0.1) % 2 == 0
            let phase = 2 * Double.pi * carrierOffsetHz * t + 0.7
            real[n] = Float(carrierAmplitude * cos(phase) + (keyed[n] ? 0.5 : 0))
            imaginary[n] = Float(carrierAmplitude * sin(phase))
        }
        return (real, imaginary, keyed)
    }

    /// The largest key-up magnitude after the first `settleSeconds`.
    static func largestKeyUp(_ real: [Float], _ imaginary: [Float], keyed: [Bool], settleSeconds: Double) -> Double {
        var largest = 0.0
        for n in Int(settleSeconds * rate)..<real.count where !keyed[n] {
            largest = max(largest, Double(hypot(real[n], imaginary[n])))
        }
        return largest
    }

    @Test func aCarrierFortyHertzAwayIsTakenOutAndTheKeyingKept() {
        var (real, imaginary, keyed) = Self.baseband(carrierOffsetHz: 40, carrierAmplitude: 1, seconds: 10)
        var canceller = CarrierCanceller(offsetHz: 40, rate: Self.rate)
        canceller.process(real: &real, imaginary: &imaginary)
        // The carrier (amplitude 1) is more than 30 dB down in the key-up stretches...
        #expect(Self.largestKeyUp(real, imaginary, keyed: keyed, settleSeconds: 2) < 0.03)
        // ...and the key-down level (0.5) is kept.
        let down = (1000..<real.count).filter { keyed[$0] }.map { Double(hypot(real[$0], imaginary[$0])) }
        #expect(abs(down.reduce(0, +) / Double(down.count) - 0.5) < 0.05)
    }

    @Test func aCarrierWhosePitchIsKnownOnlyRoughlyIsFollowed() {
        // Told 38.5 Hz, the carrier is at 40 Hz: the loop finds it.
        var (real, imaginary, keyed) = Self.baseband(carrierOffsetHz: 40, carrierAmplitude: 1, seconds: 10)
        var canceller = CarrierCanceller(offsetHz: 38.5, rate: Self.rate)
        canceller.process(real: &real, imaginary: &imaginary)
        #expect(abs(canceller.offsetHz - 40) < 0.1)
        #expect(Self.largestKeyUp(real, imaginary, keyed: keyed, settleSeconds: 4) < 0.05)
    }

    @Test func aSpeedHintBoundsTheDitLearned() {
        var model = TimingModel(ditSeconds: 0.075)
        model.limitDit(toSpeedWPM: 16, factor: 1.5)
        // Marks a third as long as the hint's dit would pull an unbounded model to 48 WPM.
        for _ in 0..<200 { model.learn(markLog: log(0.025), as: .dit) }
        #expect(Timing.speedWPM(unitSeconds: model.ditSeconds) <= 16 * 1.5 + 0.01)
        #expect(Timing.speedWPM(unitSeconds: model.ditSeconds) >= 16 * 1.5 - 0.5)
    }
}
