import Foundation
import KochCore

/// The pitch of each mark, read from the matched filter's output: whether a
/// mark is the keyed tone or something else passing through its filter.
///
/// While the key is down a keyed tone holds its pitch to a fraction of a
/// hertz (the baseband already follows a drifting tone). A harmonic of
/// speech or music glides: crossing the filter it makes a mark-shaped
/// bump whose pitch reads several hertz off the tone, or moves across it.
/// A mark within 6 dB of the tone's level is taken for something else when
/// its mean pitch, over its middle (a chirping oscillator's first
/// `settleSeconds` are left out), is more than `toleranceHz` off the recent
/// marks' of its kind (`longMarkToleranceHz` for a dah), or moves more than
/// `glideToleranceHz` from its first half to its second; each by more than
/// `deviations` of the estimate's standard deviation at the mark's
/// signal-to-noise ratio too, so a weak mark, whose pitch cannot be read, is
/// never refused for it.
///
/// The mean pitch is the angle of the summed products z[n]·conj(z[n−1]) of
/// successive outputs, kept as running sums over `historySeconds` with those of
/// the outputs themselves (a mark's mean output is its phase: `TonePhase`).
struct MarkPitch: Sendable {
    let rate: Double
    private let capacity: Int
    private var sumReal: [Double]
    private var sumImaginary: [Double]
    private var sumPower: [Double]
    private var sumOutputReal: [Double]
    private var sumOutputImaginary: [Double]
    private var previousReal: [Double]
    private var previousImaginary: [Double]
    private var runningReal = 0.0
    private var runningImaginary = 0.0
    private var runningPower = 0.0
    private var runningOutputReal = 0.0
    private var runningOutputImaginary = 0.0
    /// Outputs taken so far.
    private(set) var count = 0

    static let toleranceHz = 4.0
    /// A mark this many dits long or longer (a dah) is off the tone's pitch only beyond
    /// `longMarkToleranceHz`: talk seldom holds a harmonic on the tone's pitch that long, and
    /// talk over a dah bends its mean pitch a few hertz, so that at `toleranceHz` the tone's own
    /// dahs would be passed over far more often than talk's.
    static let longMarkDits = 2.0
    static let longMarkToleranceHz = 8.0
    static let deviations = 8.0
    static let settleSeconds = 0.02
    /// A mark weaker than this share of the tone's key-down level is never refused: in a deep
    /// fade the tone's own phase turns, and talk that quiet seldom crosses the threshold.
    static let weakestShare = 0.5
    static let historySeconds = 8.0

    init(rate: Double, channels: Int) {
        self.rate = rate
        capacity = max(16, Int(rate * Self.historySeconds))
        sumReal = Array(repeating: 0, count: capacity)
        sumImaginary = Array(repeating: 0, count: capacity)
        sumPower = Array(repeating: 0, count: capacity)
        sumOutputReal = Array(repeating: 0, count: capacity)
        sumOutputImaginary = Array(repeating: 0, count: capacity)
        previousReal = Array(repeating: 0, count: channels)
        previousImaginary = Array(repeating: 0, count: channels)
    }

    /// Takes one output of a channel's filter with the channel's weight; `close()` ends the sample.
    @inline(__always)
    mutating func add(channel: Int, real: Double, imaginary: Double, weight: Double) {
        let lastReal = previousReal[channel]
        let lastImaginary = previousImaginary[channel]
        runningReal += weight * (real * lastReal + imaginary * lastImaginary)
        runningImaginary += weight * (imaginary * lastReal - real * lastImaginary)
        runningPower += weight * (real * real + imaginary * imaginary)
        runningOutputReal += weight * real
        runningOutputImaginary += weight * imaginary
        previousReal[channel] = real
        previousImaginary[channel] = imaginary
    }

    /// Ends a sample: its running sums are kept.
    @inline(__always)
    mutating func close() {
        let slot = count % capacity
        sumReal[slot] = runningReal
        sumImaginary[slot] = runningImaginary
        sumPower[slot] = runningPower
        sumOutputReal[slot] = runningOutputReal
        sumOutputImaginary[slot] = runningOutputImaginary
        count += 1
    }

    /// The mean pitch of the outputs `range` (relative to the tone, in hertz) and
    /// its standard deviation for noise of `noiseDeviation` in each component; nil
    /// when the outputs are no longer held or too few.
    func offset(of range: Range<Int>, noiseDeviation: Double, filterLength: Int) -> (hertz: Double, deviationHz: Double, amplitude: Double)? {
        guard let sums = sums(over: range) else { return nil }
        let (real, imaginary, samples) = (sums.stepReal, sums.stepImaginary, sums.samples)
        let meanPower = sums.power / samples
        guard meanPower > 0, real != 0 || imaginary != 0 else { return nil }
        let hertz = atan2(imaginary, real) * rate / (2 * Double.pi)
        // The mean of the steps is the phase moved from end to end over the samples;
        // the ends' phases are uncertain by σ/A each, less where they share the filter's span.
        let phaseDeviation = noiseDeviation / meanPower.squareRoot()
        let shared = samples * max(samples, Double(filterLength))
        let deviationHz = phaseDeviation * rate / (2 * Double.pi) * (2 / shared).squareRoot()
        return (hertz, deviationHz, meanPower.squareRoot())
    }

    /// Whether the mark `run` (filter outputs) reads off the tone's pitch: the median of the
    /// last `recentCount` marks of its kind (dits or dahs) kept and read to within
    /// `clearReadingHz` (the tone found may be a few hertz off, a drift not yet followed moves
    /// it, and a chirp lifts a dit's mean pitch more than a dah's). Until `recentNeeded` marks of
    /// its kind are read, the reference is the pitch the tone was found at, and the tolerance
    /// `firstToleranceHz`.
    /// A mark read at the pitch tells the tone's pitch, unless `keepsAtPitch` is false: then only
    /// once `keepLastReading()` says the mark was kept (another judge may still pass it over).
    mutating func isOffPitch(_ run: KeyingRun, levels: SignalLevels, filterLength: Int, ditSamples: Int, keepsAtPitch: Bool = true) -> Bool {
        lastClearReading = nil
        let range = middle(of: run)
        guard range.count >= 3, let reading = offset(of: range, noiseDeviation: levels.noiseDeviation, filterLength: filterLength) else {
            return false
        }
        let isLong = Double(run.lengthSamples) >= Self.longMarkDits * Double(ditSamples)
        let alike = recentReadings.filter { $0.isLong == isLong }.map(\.hertz)
        let settled = alike.count >= Self.recentNeeded
        let settledTolerance = isLong ? Self.longMarkToleranceHz : Self.toleranceHz
        let tolerance = max(settled ? settledTolerance : Self.firstToleranceHz, Self.deviations * reading.deviationHz)
        let reference = settled ? Self.median(alike) : 0
        let offPitch =
            reading.amplitude >= Self.weakestShare * levels.markLevel
            && (abs(reading.hertz - reference) > tolerance
                || glides(range, noiseDeviation: levels.noiseDeviation, filterLength: filterLength))
        // Only the marks kept tell the tone's pitch: talk before the keying must not set it.
        if !offPitch, reading.deviationHz < Self.clearReadingHz {
            lastClearReading = (reading.hertz, isLong)
            if keepsAtPitch { keepLastReading() }
        }
        return offPitch
    }

    /// The last mark judged was kept as the tone's: its pitch, if read at the pitch and clearly, counts.
    mutating func keepLastReading() {
        guard let reading = lastClearReading.take() else { return }
        recentReadings.append(reading)
        if recentReadings.count(where: { $0.isLong == reading.isLong }) > Self.recentCount,
            let oldest = recentReadings.firstIndex(where: { $0.isLong == reading.isLong })
        {
            recentReadings.remove(at: oldest)
        }
    }

    /// The pitch of the last mark judged and whether it is a dah, while it may still be kept.
    private var lastClearReading: (hertz: Double, isLong: Bool)?

    /// The outputs of a mark that tell its pitch and phase: its middle, a chirp's first
    /// `settleSeconds` left out.
    private func middle(of run: KeyingRun) -> Range<Int> {
        let length = run.lengthSamples
        let settle = Int((Self.settleSeconds * rate).rounded())
        let front = max(length / 4, min(settle, length / 2))
        let back = length / 4
        return (run.startSample + front)..<(run.endSample - back)
    }

    /// The mean output over the middle of the mark `run` (its phasor) and the mean pitch there
    /// (relative to the tone, in hertz); nil when the outputs are no longer held or too few.
    func phasor(of run: KeyingRun) -> TonePhase.Mark? {
        let range = middle(of: run)
        guard let sums = sums(over: range) else { return nil }
        let real = sums.outputReal / sums.samples
        let imaginary = sums.outputImaginary / sums.samples
        guard real != 0 || imaginary != 0, sums.stepReal != 0 || sums.stepImaginary != 0 else { return nil }
        return TonePhase.Mark(
            timeSeconds: 0.5 * Double(range.lowerBound + range.upperBound - 1) / rate, real: real, imaginary: imaginary,
            offsetHz: atan2(sums.stepImaginary, sums.stepReal) * rate / (2 * Double.pi))
    }

    /// The running sums over the outputs `range`: the successive products, the power and the
    /// outputs themselves, and how many outputs; nil when they are no longer held or too few.
    private func sums(over range: Range<Int>) -> (
        stepReal: Double, stepImaginary: Double, power: Double, outputReal: Double, outputImaginary: Double, samples: Double
    )? {
        let first = range.lowerBound
        let last = range.upperBound - 1
        guard first >= 1, last > first, last < count, count - first < capacity else { return nil }
        let before = (first - 1) % capacity
        let through = last % capacity
        return (
            sumReal[through] - sumReal[before], sumImaginary[through] - sumImaginary[before], sumPower[through] - sumPower[before],
            sumOutputReal[through] - sumOutputReal[before], sumOutputImaginary[through] - sumOutputImaginary[before],
            Double(last - first + 1)
        )
    }

    /// Whether the pitch of the outputs `range` moves from their first half to their second by more
    /// than `glideToleranceHz` (and `deviations` of the difference's standard deviation): a harmonic
    /// sweeping right through the tone's pitch reads about the tone's pitch on the whole.
    private func glides(_ range: Range<Int>, noiseDeviation: Double, filterLength: Int) -> Bool {
        let middle = range.lowerBound + range.count / 2
        guard middle - range.lowerBound >= 2, range.upperBound - middle >= 2,
            let first = offset(of: range.lowerBound..<middle, noiseDeviation: noiseDeviation, filterLength: filterLength),
            let second = offset(of: middle..<range.upperBound, noiseDeviation: noiseDeviation, filterLength: filterLength)
        else { return false }
        let deviationHz = (first.deviationHz * first.deviationHz + second.deviationHz * second.deviationHz).squareRoot()
        return abs(second.hertz - first.hertz) > max(Self.glideToleranceHz, Self.deviations * deviationHz)
    }

    /// The pitches of the marks kept, dits' and dahs' apart: a chirping oscillator's pitch
    /// settles in the first tens of milliseconds of every mark, the same every time, and moves
    /// a dit's mean pitch more than a dah's.
    private var recentReadings: [(hertz: Double, isLong: Bool)] = []
    /// The marks of each kind whose median is the reference.
    static let recentCount = 15
    static let recentNeeded = 5
    /// A reading this sure (its standard deviation, in hertz) or surer counts towards the reference.
    static let clearReadingHz = 4.0
    /// Until then, how far off the pitch the tone was found at a mark must read to be refused.
    static let firstToleranceHz = 12.0
    static let glideToleranceHz = 10.0

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : 0.5 * (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2])
    }
}
