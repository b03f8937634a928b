import Foundation
import KochCore

/// Takes the late reverberation of a room out of the baseband, for a
/// recording made with a phone or a microphone some way from the speaker.
///
/// In a room every mark goes on sounding after the key is up: the direct
/// sound stops, and what the walls send back dies away exponentially
/// (Sabine: 60 dB in the room's RT60, half a second in a living room). Its
/// power fills the gaps between marks, and a gap inside a character,
/// one dit long, may lose only a few decibels: the marks run together.
/// The tail's power at each sample is predicted from the direct sound
/// already heard, as a share of it decaying with the room's time constant,
/// and taken away (Lebart, Boucher and Denbigh, "A new method based on
/// spectral subtraction for speech dereverberation", Acta Acustica 2001):
/// the sample keeps the share of its power that is direct, at least
/// `deepestCutPower` of it, its phase unchanged.
///
/// Whether a recording needs it is up to the decoder's warm-up
/// (`CWDecoder.roomSettled`): it is tried where `measuredTail` finds the
/// power right after the marks falling away as a tail does (or where the
/// warm-up reads badly in the clear), and kept only if the warm-up's timing
/// then reads clearly better.
struct ReverberationSuppressor: Sendable {
    /// The tail's power, once a steady sound has filled the room, as a share of the direct sound's.
    let tailShare: Double
    /// The share of the tail kept from one sample to the next (its time constant's decay).
    private let keep: Double
    /// The share of the smoothed power kept from one sample to the next.
    private let smoothing: Double
    /// The power smoothed over a few milliseconds, the tail's power predicted at the last
    /// sample, and the direct power found there.
    private var smoothedPower = 0.0
    private var tailPower = 0.0
    private var lastDirectPower = 0.0

    /// The time constant the power is smoothed over before the tail is taken from it: a
    /// single sample's noise would otherwise be cut or kept at random.
    static let smoothingSeconds = 0.005

    /// A sample loses at most this share of its power (20 dB).
    static let deepestCutPower = 0.01

    /// The strength the warm-up tries: a tail of half the direct sound's power, falling by
    /// 1/e in 60 ms (about a room's RT60 of 0.6 s, slowed by a phone's automatic gain).
    /// Stronger settings take more of an echoing room's tail, but cut a near phone's dahs in
    /// two and read noise as dits, which the warm-up's fit does not always tell.
    static let roomTailShare = 0.5
    static let roomDecaySeconds = 0.06

    /// A tail of `tailShare` of the direct power, whose power falls by 1/e in `decaySeconds`.
    init(tailShare: Double, decaySeconds: Double, rate: Double) {
        self.tailShare = tailShare
        keep = exp(-1 / (decaySeconds * rate))
        smoothing = exp(-1 / (Self.smoothingSeconds * rate))
    }

    /// Takes the tail out of samples `range` of every channel, in place; the channels' powers
    /// are summed with `weights` to predict it, and every channel keeps the same share.
    mutating func process(real: inout [[Float]], imaginary: inout [[Float]], weights: [Double], range: Range<Int>) {
        let weightSum = max(weights.reduce(0, +), 1e-12)
        for index in range {
            let power = Self.power(real: real, imaginary: imaginary, at: index, weights: weights, weightSum: weightSum)
            smoothedPower = smoothing * smoothedPower + (1 - smoothing) * power
            tailPower = keep * tailPower + (1 - keep) * tailShare * lastDirectPower
            let direct = max(smoothedPower - tailPower, Self.deepestCutPower * smoothedPower)
            lastDirectPower = direct
            guard smoothedPower > 0 else { continue }
            let gain = Float((direct / smoothedPower).squareRoot())
            for channel in weights.indices {
                real[channel][index] *= gain
                imaginary[channel][index] *= gain
            }
        }
    }

    /// The channels' power at a sample, summed with their weights.
    private static func power(real: [[Float]], imaginary: [[Float]], at index: Int, weights: [Double], weightSum: Double) -> Double {
        var sum = 0.0
        for channel in weights.indices where weights[channel] > 0 {
            let re = Double(real[channel][index]), im = Double(imaginary[channel][index])
            sum += weights[channel] * (re * re + im * im)
        }
        return sum / weightSum
    }

    /// The power right after the marks and later in the same gaps, each as a share of the
    /// marks' power (medians over the marks of 20 ms or more followed by a gap of
    /// `measuredGapSeconds` or more): a room's tail falls away from one to the other; noise
    /// stays level, and a phone's automatic gain lifts the later power instead. Also the
    /// room's quiet: the power just before the next mark, after gaps of `quietGapSeconds` or
    /// more (where a tail has died away; nil where fewer than 3 such gaps were heard). `runs`
    /// are the warm-up's, from a matched filter of `filterLength` samples; nil when fewer than
    /// 8 marks can be measured.
    static func measuredTail(real: [[Float]], imaginary: [[Float]], weights: [Double], runs: [KeyingRun], filterLength: Int, rate: Double)
        -> Tail?
    {
        let count = real.map(\.count).min() ?? 0
        let weightSum = max(weights.reduce(0, +), 1e-12)
        func mean(_ range: Range<Int>) -> Double {
            guard !range.isEmpty else { return 0 }
            return range.reduce(0) { $0 + power(real: real, imaginary: imaginary, at: $1, weights: weights, weightSum: weightSum) }
                / Double(range.count)
        }
        func samples(_ seconds: Double) -> Int { Int((seconds * rate).rounded()) }
        // The filter's output at a sample averages the filter's length before it.
        let delay = (filterLength - 1) / 2
        let early = samples(earlySeconds.lowerBound)..<max(samples(earlySeconds.lowerBound) + 1, samples(earlySeconds.upperBound))
        let late = samples(lateSeconds.lowerBound)..<max(samples(lateSeconds.lowerBound) + 1, samples(lateSeconds.upperBound))
        let quiet = samples(quietSeconds.lowerBound)..<max(samples(quietSeconds.lowerBound) + 1, samples(quietSeconds.upperBound))
        var earlyShares: [Double] = [], lateShares: [Double] = [], quietShares: [Double] = []
        for (index, mark) in runs.enumerated() where mark.isMark && index + 1 < runs.count {
            let gap = runs[index + 1]
            guard !gap.isMark, gap.lengthSamples >= samples(measuredGapSeconds), mark.lengthSamples >= samples(0.02) else { continue }
            let start = mark.startSample - delay, end = mark.endSample - delay
            guard start >= 0, end + late.upperBound <= count else { continue }
            let markPower = mean((start + mark.lengthSamples / 4)..<(end - mark.lengthSamples / 4))
            guard markPower > 0 else { continue }
            earlyShares.append(mean((end + early.lowerBound)..<(end + early.upperBound)) / markPower)
            lateShares.append(mean((end + late.lowerBound)..<(end + late.upperBound)) / markPower)
            let next = gap.endSample - delay
            if gap.lengthSamples >= samples(quietGapSeconds), next - quiet.upperBound >= end, next <= count {
                quietShares.append(mean((next - quiet.upperBound)..<(next - quiet.lowerBound)) / markPower)
            }
        }
        guard earlyShares.count >= 8 else { return nil }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Tail(early: median(earlyShares), late: median(lateShares), quiet: quietShares.count >= 3 ? median(quietShares) : nil)
    }

    /// What `measuredTail` measured after the marks, each as a share of the marks' power.
    struct Tail: Sendable {
        /// Right after the marks.
        let early: Double
        /// Later in the same gaps.
        let late: Double
        /// Just before the next mark after a long gap: the room's quiet (nil if too few such gaps).
        let quiet: Double?

        /// Whether this is a room's tail, worth trying to take out: the power right after the
        /// marks stands 3 % of theirs (−15 dB) or more above the later power, and half as high
        /// again. Steady noise of any level stays under the second.
        var isRoomTail: Bool { early - late > 0.03 && early > 1.5 * late }

        /// Whether this shows a room's echo at all: the power right after the marks stands
        /// `heardEchoShare` of theirs or more above the room's quiet, and twice it. Noise, even
        /// strong or fading, stands alike in both, where a room's echo stands well over a quiet
        /// that is low. Unlike `isRoomTail`, a long tail that has not yet fallen away 80–110 ms
        /// after the marks counts too.
        var isEchoHeard: Bool {
            guard let quiet else { return false }
            return early - quiet >= ReverberationSuppressor.heardEchoShare && early >= 2 * quiet
        }
    }

    /// Where the room's quiet is measured (`measuredTail`): this long before the next mark, after
    /// a gap of `quietGapSeconds` or more, where a tail of RT60 0.6 s has fallen by 30 dB or more.
    static let quietSeconds = 0.02...0.06
    static let quietGapSeconds = 0.25

    /// How far above the room's quiet the power right after the marks shows an echo (`Tail.isEchoHeard`).
    static let heardEchoShare = 0.05

    /// Where after a mark's end the tail is measured (`measuredTail`): early, past the
    /// baseband filter's own ringing, and late, where a room's tail has fallen by 10 dB or more.
    static let earlySeconds = 0.01...0.04
    static let lateSeconds = 0.08...0.11
    /// The shortest gap after a mark that the tail is measured in.
    static let measuredGapSeconds = 0.12
}
