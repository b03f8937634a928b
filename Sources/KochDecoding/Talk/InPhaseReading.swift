import Foundation
import KochCore

/// Reads the keying along the tone's own phase, past talk at its pitch.
///
/// An oscillator that runs on while the key is up holds one phase from mark to
/// mark: mixed down at its exact pitch and turned to that phase, the tone is a
/// real, positive amplitude while the key is down. A voice's harmonic crossing
/// the tone's pitch arrives at any phase and turns as its pitch glides, so half
/// its power lies in the quadrature, where the tone has none; read by its level,
/// as the plain reading reads, all of it counts. Here the keying is the
/// in-phase amplitude, through a low-pass either way (no delay) of `cutoffDits` over a dit,
/// less `quadratureWeight` of the quadrature's (where the tone has none, talk shows), and
/// a run of it whose mean phase lies more than `widestAngleRadians` from the
/// tone's (`shortMarkAngleRadians` for a run under `shortMarkDits`) is talk's.
///
/// The pitch and phase are learned from the plain reading's marks: each mark's
/// mean over its middle is a phasor of the tone, and they agree once the pitch
/// is exact (`RoomEqualizer.agreeingOffset`); where they agree less than
/// `leastCoherence` (an oscillator keyed afresh at each mark, or marks that are
/// not the tone's), nothing is read.
///
/// Where a voice's harmonic is as loud as the tone inside a dit's band, the phase read is
/// as much the voice's as the tone's, and no reading along it tells them apart.
public enum InPhaseReading {
    /// How far the pitch is looked for from the one mixed down: where the search heard talk the
    /// plain reading's pitch is the tone's spectral line (`ToneLine`), or one given within 1.5 Hz
    /// of it (`DecodeSession.givenToneWithinHz`); elsewhere the search's lies within a hertz or
    /// two of the line. The room equalizer's wider search would cost far more time.
    static let pitchSearchHz = 3.0
    /// Fewer marks than this tell no phase.
    public static let fewestMarks = 20
    /// The marks' unit phasors, turned at the pitch found, must agree this well (the length
    /// of their mean): an oscillator that runs on agrees nearly perfectly, even under talk.
    public static let leastCoherence = 0.92
    /// The low-pass on the tone's complex amplitude, run forward and back, cuts off at this
    /// over the dit's length: at 20 WPM (a dit of 60 ms) 10 Hz, a band 20 Hz wide about the
    /// tone. A narrower band loses dits, a wider one lets more talk through, and a band fixed
    /// in hertz loses the dits of faster keying.
    public static let cutoffDits = 0.6
    /// ...of the dit of the take's faster part: the lower quartile of the plain reading's dits
    /// (its marks under `longestDitDits`), where there are `fewestDitsMeasured` or more, and
    /// no shorter than `shortestCutoffDits` of the dit (a few fragments of talk among the marks
    /// do not widen the band). A learner's speed changes over a take, and a band scaled to the
    /// dit of the whole take lost the faster part's dits and filled its gaps. A short run's
    /// length (`shortMarkDits`) and a lone mark's shortest (`loneShortestDits`) are in this dit
    /// too, the tone's dits being no shorter; what makes a mark lone is in the take's dit (in
    /// the faster part's, a dit of the slower part between two gaps inside its character was).
    /// At one speed the quartile is the dit.
    static let cutoffDitQuantile = 0.25
    static let longestDitDits = 2.0
    static let fewestDitsMeasured = 10
    static let shortestCutoffDits = 0.6
    /// The share of the quadrature's magnitude taken from the in-phase amplitude: talk shows in
    /// the quadrature, where the tone has none, but it shows there over the tone's marks too,
    /// and those lose what is taken.
    static let quadratureWeight = 0.3
    /// A run over `markLevel` (of the marks' median level) whose mean phase lies further than
    /// this from the tone's is talk's.
    static let widestAngleRadians = 35.0 * Double.pi / 180
    /// ...and a short run further than this: talk's fragments are short, but so is a dit that
    /// talk dipped under the mark level, whose phase lies further off the tone's than a whole
    /// mark's; a narrower angle drops the faster dits of a take whose speed changed.
    static let shortMarkAngleRadians = 30.0 * Double.pi / 180
    static let shortMarkDits = 0.75
    /// A dit (a mark under `longestDitDits`) with more than `loneSpaceDits` of space either side
    /// (both in the take's dit) would be read alone as an E: where talk sounds, a voice's
    /// harmonic at the tone's pitch makes such marks in the gaps, and the tone's are its only
    /// where their phase agrees this closely (as `TonePhase.closeAgreementRadians`).
    static let loneSpaceDits = 2.0
    static let loneMarkAngleRadians = TonePhase.closeAgreementRadians
    /// ...and last this much of the faster part's dit: the tone's lone marks last about a dit,
    /// and a voice's harmonic crossing the tone's phase briefly makes shorter ones.
    static let loneShortestDits = 0.6
    static let markLevel = 0.5
    /// The reading along the phase is kept over the plain one where it leaves up to this many
    /// times as much of the recording unexplained (`KeyingChannel`, against the tone's amplitude
    /// through the low-pass): talk fills most of what either leaves, so that readings right or
    /// wrong leave about as much; a reading that lost the keying leaves far more.
    public static let allowance = 1.25
    /// Each mark's phasor is its mean between these shares of its length (its edges hold the
    /// filter's rise and fall).
    static let middle = 0.2...0.8

    /// A mark of the plain reading: where it starts and how long it lasts.
    public struct Mark: Sendable {
        public let startSeconds: Double
        public let durationSeconds: Double

        public init(startSeconds: Double, durationSeconds: Double) {
            self.startSeconds = startSeconds
            self.durationSeconds = durationSeconds
        }
    }

    /// What the reading gave.
    public struct Read: Sendable {
        /// The keying, about 1 while the key is down and 0 while it is up, at `rateHz`.
        public let envelope: [Double]
        public let rateHz: Double
        /// How far the tone's pitch lay from the pitch mixed down.
        public let pitchOffsetHz: Double
        /// How well the marks' phases agreed at that pitch (0 to 1).
        public let coherence: Double
        /// Where the low-pass on the tone's amplitude cuts off.
        let cutoffHz: Double
        /// The tone's amplitude mixed down at the refined pitch, turned to the tone's phase, scaled
        /// to the marks' level and through the low-pass: what readings of it are measured against
        /// (`KeyingChannel`).
        let baseband: [ComplexValue]
    }

    /// The keying read from `real` and `imaginary` (the tone's complex amplitude at `rateHz`,
    /// mixed down near its pitch) along the phase of `marks`; nil where there are too few
    /// marks, or their phases do not agree.
    public static func read(real: [Float], imaginary: [Float], rateHz: Double, marks: [Mark], ditSeconds: Double) -> Read? {
        let count = min(real.count, imaginary.count)
        guard ditSeconds > 0 else { return nil }
        let baseband = (0..<count).map { ComplexValue(real: Double(real[$0]), imaginary: Double(imaginary[$0])) }
        let measured = markPhasors(baseband, marks: marks, rateHz: rateHz)
        guard measured.phasors.count >= fewestMarks else { return nil }
        let units = measured.phasors.map { $0 / $0.magnitude }
        let (offsetHz, mean) = RoomEqualizer.agreeingOffset(steps: units, times: measured.times, withinHz: pitchSearchHz)
        guard mean.magnitude >= leastCoherence else { return nil }
        var magnitudes = measured.phasors.map(\.magnitude)
        let level = magnitudes.withUnsafeMutableBufferPointer { quickSelect($0, $0.count / 2) }
        guard level > 0 else { return nil }
        let turned = turned(baseband, offsetHz: offsetHz, phaseRadians: mean.angleRadians, level: level, rateHz: rateHz)
        // Under the rate's Nyquist frequency whatever the dit (a 60 WPM dit gives 30 Hz).
        let fasterPartDitSeconds = fasterDitSeconds(marks: marks, ditSeconds: ditSeconds)
        let cutoffHz = min(cutoffDits / fasterPartDitSeconds, 0.4 * rateHz)
        let narrowed = bothWays(turned, cutoffHz: cutoffHz, rateHz: rateHz)
        var envelope = narrowed.map { max(0, $0.real - quadratureWeight * abs($0.imaginary)) }
        let runs = droppingTalkRuns(from: &envelope, narrowed: narrowed, fasterPartDitSamples: fasterPartDitSeconds * rateHz)
        droppingLoneMarks(
            from: &envelope, runs: runs, takesDitSamples: ditSeconds * rateHz, fasterPartDitSamples: fasterPartDitSeconds * rateHz)
        return Read(
            envelope: envelope, rateHz: rateHz, pitchOffsetHz: offsetHz, coherence: mean.magnitude, cutoffHz: cutoffHz, baseband: narrowed)
    }

    /// Each mark's phasor (the baseband's mean over the middle of the mark) and the time of its middle.
    private struct MarkPhasors {
        var phasors: [ComplexValue] = []
        var times: [Double] = []
    }

    /// The phasors of the marks that lie within `baseband` and hold some amplitude.
    private static func markPhasors(_ baseband: [ComplexValue], marks: [Mark], rateHz: Double) -> MarkPhasors {
        var measured = MarkPhasors()
        for mark in marks {
            let start = Int(((mark.startSeconds + middle.lowerBound * mark.durationSeconds) * rateHz).rounded())
            let end = max(start + 1, Int(((mark.startSeconds + middle.upperBound * mark.durationSeconds) * rateHz).rounded()))
            guard start >= 0, end <= baseband.count else { continue }
            let sum = baseband[start..<end].reduce(ComplexValue.zero, +)
            guard sum.magnitude > 0 else { continue }
            measured.phasors.append(sum / Double(end - start))
            measured.times.append((Double(start + end) / 2) / rateHz)
        }
        return measured
    }

    /// `baseband` mixed down by `offsetHz` more, turned by `phaseRadians` back and scaled by 1 / `level`.
    private static func turned(_ baseband: [ComplexValue], offsetHz: Double, phaseRadians: Double, level: Double, rateHz: Double) -> [ComplexValue] {
        var turned = baseband
        for index in turned.indices {
            let turn = ComplexValue(magnitude: 1 / level, angleRadians: -(2 * Double.pi * offsetHz * Double(index) / rateHz + phaseRadians))
            turned[index] = turned[index] * turn
        }
        return turned
    }

    /// A run of the envelope over `markLevel`, and how far its mean phase lies from the tone's.
    private struct Run {
        let start: Int
        let end: Int
        let angleRadians: Double
    }

    /// Clears from `envelope` each run whose mean phase lies too far from the tone's (talk's);
    /// the runs kept.
    private static func droppingTalkRuns(from envelope: inout [Double], narrowed: [ComplexValue], fasterPartDitSamples: Double) -> [Run] {
        var runs: [Run] = []
        for run in KeyingChannel.keyDownRuns(envelope.map { $0 > markLevel }) {
            let angle = abs(narrowed[run.start..<run.end].reduce(ComplexValue.zero, +).angleRadians)
            let widest = Double(run.end - run.start) < shortMarkDits * fasterPartDitSamples ? shortMarkAngleRadians : widestAngleRadians
            if angle > widest {
                for index in run.start..<run.end { envelope[index] = 0 }
            } else {
                runs.append(Run(start: run.start, end: run.end, angleRadians: angle))
            }
        }
        return runs
    }

    /// Clears from `envelope` each dit of `runs` with a long space either side (it would be read
    /// alone as an E) unless its phase agrees closely with the tone's and it lasts long enough:
    /// its space before is to the last mark kept.
    private static func droppingLoneMarks(from envelope: inout [Double], runs: [Run], takesDitSamples: Double, fasterPartDitSamples: Double) {
        var lastKeptEnd: Int?
        for (index, run) in runs.enumerated() {
            let length = Double(run.end - run.start)
            let before = lastKeptEnd.map { Double(run.start - $0) } ?? .infinity
            let after = index + 1 < runs.count ? Double(runs[index + 1].start - run.end) : .infinity
            let lone = length < longestDitDits * takesDitSamples && min(before, after) > loneSpaceDits * takesDitSamples
            if lone, run.angleRadians > loneMarkAngleRadians || length < loneShortestDits * fasterPartDitSamples {
                for sample in run.start..<run.end { envelope[sample] = 0 }
            } else {
                lastKeptEnd = run.end
            }
        }
    }

    /// The dit of the take's faster part (`cutoffDitQuantile`), within `shortestCutoffDits` of
    /// `ditSeconds` and no longer than it.
    static func fasterDitSeconds(marks: [Mark], ditSeconds: Double) -> Double {
        var dits = marks.map(\.durationSeconds).filter { $0 < longestDitDits * ditSeconds }
        guard dits.count >= fewestDitsMeasured else { return ditSeconds }
        let quartile = dits.withUnsafeMutableBufferPointer { quickSelect($0, Int(cutoffDitQuantile * Double($0.count - 1))) }
        return min(ditSeconds, max(shortestCutoffDits * ditSeconds, quartile))
    }

    /// `values` through a low-pass of `cutoffHz` forward, then backward (no delay).
    static func bothWays(_ values: [ComplexValue], cutoffHz: Double, rateHz: Double) -> [ComplexValue] {
        func filtered(_ part: [Double]) -> [Double] {
            var forward = ButterworthLowPass(cutoffHz: cutoffHz, order: 4, sampleRate: rateHz)
            var backward = forward
            let once = part.map { forward.process($0) }
            return Array(once.reversed().map { backward.process($0) }.reversed())
        }
        let real = filtered(values.map(\.real))
        let imaginary = filtered(values.map(\.imaginary))
        return zip(real, imaginary).map { ComplexValue(real: $0, imaginary: $1) }
    }
}
