import Foundation
import KochCore

/// Takes a room's echo out of a keyed tone by learning, from the recording
/// alone, the filter that undoes the room at the tone's pitch.
///
/// A room carries an oscillator's tone as one linear filter (`KeyingChannel`):
/// mixed down at the tone's exact pitch, the recording is the keying
/// convolved with the room's response. Where the echo is as loud as the
/// direct sound or louder, its tail fills the gaps and, at some pitches,
/// cancels the marks, and no level parts them; but a linear filter over the
/// tone's complex amplitude (`pastSamples` before each sample to
/// `futureSamples` after) gives the keying back: fitted to the keying as sent,
/// such a filter misreads few of the samples where the best level misreads many.
///
/// Without the keying, the filter is learned from readings of its own
/// output (decision-directed): fitted to a first reading, it is applied, its
/// output read again at its two-level threshold (`TwoLevelThreshold`), and
/// fitted to that, `rounds` times. Where it starts decides where it ends, so
/// it starts from several first readings: the tone's amplitude projected on
/// the phase of the direct sound and at `startingPhases` other phases, and
/// its magnitude; of the filters they lead to, the one whose reading the
/// room's response explains best (`KeyingChannel`) is kept.
///
/// The direct sound's phase is read where a mark starts after a quiet spell:
/// its first samples are the direct sound's, before the echo builds up. An
/// oscillator that runs on while the key is up comes back at each key-down
/// in the phase it would have had, so those phases agree once the pitch is
/// exact; the pitch is refined, within `offsetSearchHz`, to where they agree
/// best. Where they do not agree (`leastCoherence`: an oscillator keyed by
/// hand that starts afresh at each key-down, or no clear starts), there is
/// no one filter to learn, and nothing is equalized.
public enum RoomEqualizer {
    /// The rate of the tone's complex amplitude the filter works on, and its band: a
    /// 40 WPM dit needs about 50 Hz.
    public static let sampleRateHz = 200.0
    public static let bandwidthHz = 60.0
    /// The level of the recording's loud samples: this share of its samples are quieter.
    static let loudShare = 0.95
    /// A mark starts after a quiet spell where the amplitude rises to this share of the loud
    /// level after `quietSeconds` or more under it.
    static let quietLevel = 0.1
    static let quietSeconds = 0.1
    /// The direct sound's phase is that of the step from this many samples before a mark's
    /// start (10 ms at 200 samples a second) to the sample after it, before the echo has built
    /// up (a room's first echo comes some milliseconds after the direct sound).
    static let stepSamples = 2
    /// Fewer starts after a quiet spell than this tell no phase: the agreement is the best of
    /// thousands of pitches tried, and a few random phases agree that well at one of them
    /// (12 at random reach 0.92 at a given pitch about once in 25,000). Less than a minute of
    /// keying holds this many.
    static let fewestStarts = 12
    /// How far the pitch is looked for from the one mixed down, and in what steps (coarse,
    /// then fine about the best; finer for starts spread over more than 100 s): the decoder's
    /// pitch can lie several hertz off the tone's in an echoing room, and over a minute a pitch
    /// 0.001 Hz off turns the phase by 22°.
    static let offsetSearchHz = 8.0
    static let coarseStepHz = 0.005
    static let fineStepHz = 0.0005
    /// The starts' phases must agree this well (`agreeingOffset`, 0 to 1): an oscillator's
    /// starts agree as well or better, near the speaker or in an echoing room, and as many
    /// starts at random phases fall short of it at the best pitch of the search.
    static let leastCoherence = 0.92
    /// The filter's reach: 0.5 s of the echo after the direct sound, 0.1 s before it.
    static let pastSamples = 100
    static let futureSamples = 20
    /// The filter is learned from the first 90 s at most, and applied to the whole recording.
    static let learningSeconds = 90.0
    /// Recordings longer than this are not equalized: over ten minutes an oscillator's pitch
    /// moves more than one refined pitch can follow.
    static let longestSeconds = 600.0
    /// Phases other than the direct sound's that first readings start from, evenly spaced.
    static let startingPhases = 8
    static let rounds = 6
    /// A run of key-down or key-up samples shorter than this (20 ms) inside a reading is
    /// the filter's ripple, and is read as the runs either side of it.
    static let shortestRunSamples = 4
    /// Added to the normal equations' diagonal, as a share of their mean diagonal.
    static let ridgeShare = 1e-3

    /// What the filter gave back.
    public struct Equalized: Sendable {
        /// The keying as the filter reads it, at `rateHz`: about 1 while the key is down, 0
        /// while it is up.
        public let envelope: [Double]
        public let rateHz: Double
        /// How far the tone's pitch lay from the pitch mixed down.
        public let pitchOffsetHz: Double
        /// How well the phases of the marks' starts agreed at that pitch (0 to 1).
        public let startCoherence: Double
        /// The share of the recording the room's response to the filter's reading leaves
        /// unexplained (`KeyingChannel`).
        public let unexplainedShare: Double
        /// The tone's amplitude mixed down at the refined pitch, scaled to the loud level:
        /// what readings of it are measured against (`KeyingChannel`).
        let baseband: [ComplexValue]
    }

    /// The keying read from `baseband` (the tone's complex amplitude at `rateHz`, mixed down
    /// near its pitch); nil where the recording is too short or too long, has too few starts
    /// after a quiet spell, or their phases do not agree, or the filter cannot be fitted.
    public static func equalize(real: [Float], imaginary: [Float], rateHz: Double) -> Equalized? {
        let count = min(real.count, imaginary.count)
        guard count > pastSamples + futureSamples, Double(count) <= longestSeconds * rateHz else { return nil }
        var magnitudes = (0..<count).map { Double(hypot(real[$0], imaginary[$0])) }
        var scratch = magnitudes
        let loud = scratch.withUnsafeMutableBufferPointer { quickSelect($0, Int(loudShare * Double(count))) }
        guard loud > 0 else { return nil }
        var baseband = (0..<count).map { ComplexValue(real: Double(real[$0]) / loud, imaginary: Double(imaginary[$0]) / loud) }
        for index in magnitudes.indices { magnitudes[index] /= loud }
        let starts = startsAfterQuiet(magnitudes, rateHz: rateHz)
        guard starts.count >= fewestStarts else { return nil }
        let steps = starts.map { baseband[$0 + 1] - baseband[$0 - stepSamples] }
        let times = starts.map { Double($0) / rateHz }
        let (offsetHz, mean) = agreeingOffset(steps: steps, times: times)
        guard mean.magnitude >= leastCoherence else { return nil }
        for index in baseband.indices {
            baseband[index] = baseband[index] * ComplexValue(magnitude: 1, angleRadians: -2 * Double.pi * offsetHz * Double(index) / rateHz)
        }
        let learning = Array(baseband.prefix(max(pastSamples + futureSamples + 1, Int(learningSeconds * rateHz))))
        guard let filter = FilterFit(learning) else { return nil }
        var firstReadings = (0..<startingPhases).map { turn in
            let phase = ComplexValue(magnitude: 1, angleRadians: -(mean.angleRadians + 2 * Double.pi * Double(turn) / Double(startingPhases)))
            return learning.map { ($0 * phase).real }
        }
        firstReadings.append(learning.map(\.magnitude))
        var best: (unexplained: Double, weights: [ComplexValue])?
        for first in firstReadings {
            var keying = readAtThreshold(first)
            for _ in 0..<rounds { keying = smoothed(readAtThreshold(filter.output(filter.weights(fittedTo: keying)))) }
            let weights = filter.weights(fittedTo: keying)
            let unexplained = KeyingChannel.unexplainedShare(keying: keying, baseband: learning)
            if unexplained < best?.unexplained ?? .infinity { best = (unexplained, weights) }
        }
        guard let best else { return nil }
        return Equalized(
            envelope: FilterFit.output(of: best.weights, over: baseband), rateHz: rateHz, pitchOffsetHz: offsetHz,
            startCoherence: mean.magnitude, unexplainedShare: best.unexplained, baseband: baseband)
    }

    /// The samples where a mark starts after a quiet spell (`quietLevel`, `quietSeconds`), with
    /// `stepSamples` before them and one after.
    static func startsAfterQuiet(_ magnitudes: [Double], rateHz: Double) -> [Int] {
        let quietSamples = Int((quietSeconds * rateHz).rounded())
        var starts: [Int] = []
        var quietRun = 0
        for (index, magnitude) in magnitudes.enumerated() {
            if magnitude < quietLevel {
                quietRun += 1
                continue
            }
            if quietRun >= quietSamples, index >= stepSamples, index + 1 < magnitudes.count { starts.append(index) }
            quietRun = 0
        }
        return starts
    }

    /// The pitch offset (within `offsetSearchHz`) at which the phases of `steps`, taken at
    /// `times` (seconds), agree best, and their mean there, each weighed by its size (a clear
    /// start counts more than one the noise or the echo blurred): its length is 1 where all
    /// agree.
    static func agreeingOffset(steps: [ComplexValue], times: [Double], withinHz: Double = offsetSearchHz) -> (
        offsetHz: Double, mean: ComplexValue
    ) {
        let totalSize = max(.leastNormalMagnitude, steps.reduce(0) { $0 + $1.magnitude })
        func mean(_ offsetHz: Double) -> ComplexValue {
            var sum = ComplexValue.zero
            for (step, time) in zip(steps, times) { sum += step * ComplexValue(magnitude: 1, angleRadians: -2 * Double.pi * offsetHz * time) }
            return sum / totalSize
        }
        func best(from low: Double, to high: Double, by stepHz: Double) -> (offsetHz: Double, mean: ComplexValue) {
            var found = (offsetHz: low, mean: mean(low))
            for index in 0...max(0, Int(((high - low) / stepHz).rounded())) {
                let offset = low + Double(index) * stepHz
                let candidate = mean(offset)
                if candidate.squaredMagnitude > found.mean.squaredMagnitude { found = (offset, candidate) }
            }
            return found
        }
        // The agreement's peak is about 1/span wide: the coarse steps must be finer than that.
        let spanSeconds = (times.max() ?? 0) - (times.min() ?? 0)
        let coarseHz = min(coarseStepHz, 0.5 / max(spanSeconds, 1))
        let coarse = best(from: -withinHz, to: withinHz, by: coarseHz)
        return best(from: coarse.offsetHz - 2 * coarseHz, to: coarse.offsetHz + 2 * coarseHz, by: min(fineStepHz, coarseHz / 10))
    }

    /// Key down where a value lies over the values' two-level threshold.
    static func readAtThreshold(_ values: [Double]) -> [Bool] {
        let threshold = TwoLevelThreshold.of(values)
        return values.map { $0 > threshold }
    }

    /// `keying` with every inner run shorter than `shortestRunSamples` turned over.
    static func smoothed(_ keying: [Bool]) -> [Bool] {
        var result = keying
        var start = 0
        while start < keying.count {
            var end = start + 1
            while end < keying.count, keying[end] == keying[start] { end += 1 }
            if start > 0, end < keying.count, end - start < shortestRunSamples {
                for index in start..<end { result[index] = !keying[start] }
            }
            start = end
        }
        return result
    }

    /// The least-squares fit of the filter to a reading: its normal equations' matrix depends
    /// only on the recording, and is factored once.
    struct FilterFit {
        private let real: [Double]
        private let imaginary: [Double]
        /// Σ conj(y) up to each sample, for the right-hand sides.
        private let prefixSums: [ComplexValue]
        private let solver: HermitianSolver

        /// The filter's taps: sample offsets from `-pastSamples` to `futureSamples`, then a constant.
        static let offsets = Array(-pastSamples...futureSamples)

        init?(_ baseband: [ComplexValue]) {
            let count = baseband.count
            real = baseband.map(\.real)
            imaginary = baseband.map(\.imaginary)
            var sums = [ComplexValue](repeating: .zero, count: count + 1)
            for index in 0..<count { sums[index + 1] = sums[index] + baseband[index].conjugate }
            prefixSums = sums
            // A[i][j] = Σ conj(y(t + oᵢ))·y(t + oⱼ) ≈ R(oⱼ − oᵢ), R(l) = Σ conj(y(t))·y(t + l).
            let taps = Self.offsets.count
            let autocorrelation = (0..<taps).map { lag in
                var sum = ComplexValue.zero
                for index in 0..<(count - lag) { sum += baseband[index].conjugate * baseband[index + lag] }
                return sum
            }
            func correlation(_ lag: Int) -> ComplexValue { lag >= 0 ? autocorrelation[lag] : autocorrelation[-lag].conjugate }
            let total = sums[count]
            var matrix = (0..<taps).map { row in
                (0..<taps).map { column in correlation(Self.offsets[column] - Self.offsets[row]) } + [total]
            }
            matrix.append(Array(repeating: total.conjugate, count: taps) + [ComplexValue(real: Double(count))])
            let ridge = ridgeShare * (0...taps).reduce(0) { $0 + matrix[$1][$1].real } / Double(taps + 1)
            for index in 0...taps { matrix[index][index] += ComplexValue(real: ridge) }
            guard let solver = HermitianSolver(matrix) else { return nil }
            self.solver = solver
        }

        /// The filter whose output best matches `keying` (1 where the key is down).
        func weights(fittedTo keying: [Bool]) -> [ComplexValue] {
            let count = real.count
            let runs = KeyingChannel.keyDownRuns(keying.prefix(count))
            var rhs = Self.offsets.map { offset in
                runs.reduce(ComplexValue.zero) { sum, run in
                    sum + prefixSums[min(count, max(0, run.end + offset))] - prefixSums[min(count, max(0, run.start + offset))]
                }
            }
            rhs.append(ComplexValue(real: Double(runs.reduce(0) { $0 + $1.end - $1.start })))
            return solver.solve(rhs)
        }

        /// The filter's output over the recording it was fitted to.
        func output(_ weights: [ComplexValue]) -> [Double] { Self.output(of: weights, real: real, imaginary: imaginary) }

        /// The real part of `weights` applied to `baseband`.
        static func output(of weights: [ComplexValue], over baseband: [ComplexValue]) -> [Double] {
            output(of: weights, real: baseband.map(\.real), imaginary: baseband.map(\.imaginary))
        }

        private static func output(of weights: [ComplexValue], real: [Double], imaginary: [Double]) -> [Double] {
            let count = real.count
            var result = [Double](repeating: weights.last?.real ?? 0, count: count)
            for (offset, weight) in zip(offsets, weights) {
                let first = max(0, -offset), last = min(count, count - offset)
                guard first < last else { continue }
                result.withUnsafeMutableBufferPointer { out in
                    real.withUnsafeBufferPointer { re in
                        imaginary.withUnsafeBufferPointer { im in
                            for index in first..<last {
                                out[index] += weight.real * re[index + offset] - weight.imaginary * im[index + offset]
                            }
                        }
                    }
                }
            }
            return result
        }
    }
}
