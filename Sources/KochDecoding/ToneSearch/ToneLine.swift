import Foundation
import KochCore

/// The keyed tone's pitch read from the spectral line its oscillator leaves
/// over the whole recording.
///
/// An oscillator that runs on while the key is up (a sidetone, a lesson's
/// tone, a transmitter's) comes back at each key-down in the phase it would
/// have had, so over many marks its power gathers in one line, as narrow as
/// the recording is long, at the tone's pitch. The tone search's frames are
/// a few hundredths of a second long, and a voice as loud as the tone or
/// louder pulls the pitch they find, where it does not move the line. Talk,
/// music and noise leave no such line: their pitch moves, or their phase does.
///
/// The strongest line within `searchHz` of the search's pitch is taken, from
/// the first `longestSeconds` of the recording, where it stands clear of the
/// spectrum beside it (`clearPowerRatio`): a tone that drifts, or that fades
/// with Doppler, spreads its power and leaves none (there the search's pitch
/// is kept), as does an oscillator keyed by hand that starts afresh at each
/// key-down. One keyed on an exact grid of units does leave lines, a unit's
/// rate apart (16.7 Hz at 20 WPM), and one of those may be taken, up to
/// `searchHz` from the tone.
public enum ToneLine {
    /// How far from the search's pitch the line is looked for: as far as talk louder than the
    /// tone pulls the search's pitch, which is furthest in recordings at 8 or 16 kHz, where the
    /// search's frames are shorter (32 ms against 46 ms at 44.1 kHz, bins of 31 Hz). A steady
    /// carrier the search heard there is not taken (`carriersHz`); another station keyed nearer
    /// than 40 Hz is the same tone to the search (`ToneCandidate.sameToneWithinHz`).
    static let searchHz = 35.0
    /// The line's power must stand this many times over the spectrum's mean power
    /// `besideHz` either side of it (16 dB): an oscillator that runs on stands far higher, even
    /// under talk, while a tone keyed by hand whose phase starts afresh at each key-down (its
    /// marks' spectra add at random phases, a hump and no line), a drifting tone and a beacon's
    /// fading with Doppler stay under it.
    static let clearPowerRatio = 40.0
    /// Where beside the line the spectrum it must stand clear of is measured: past the main
    /// lobe of a line `shortestSeconds` long or more, within the keying's own spread.
    static let besideHz = 0.3...3.0
    /// A recording shorter than this holds no line narrow enough to stand clear of what lies
    /// `besideHz` from it.
    static let shortestSeconds = 10.0
    /// The line is read from the recording's first five minutes at most (its cost grows
    /// with the length, and a steady tone's line is clear long before).
    static let longestSeconds = 300.0
    /// The rate of the mixed-down samples the line is read from, and their band: wide enough
    /// for `searchHz`, and a carrier 90 Hz away folds back among them 28 dB down.
    static let sumRateHz = 100.0
    static let bandwidthHz = 40.0
    /// A line within this of a steady carrier the search heard is the carrier's.
    static let carrierWithinHz = 2.0

    /// The pitch of the strongest line within `searchHz` of `nearHz` in `blocks` (decimated
    /// samples at `rateHz`, one array per channel, block after block), its channels' powers
    /// summed with `weights` (one per channel; otherwise every channel weighs alike); nil where
    /// the recording is shorter than `shortestSeconds`, the strongest line does not stand
    /// clear, lies at the edge of the search, or is a steady carrier's: within
    /// `carrierWithinHz` of one of `carriersHz`, or of where one folds back among the sums
    /// (a carrier about a multiple of `sumRateHz` away).
    public static func pitchHz(nearHz: Double, blocks: [[[Float]]], rateHz: Double, weights: [Double], carriersHz: [Double]) -> Double? {
        guard let channelCount = blocks.first?.count, channelCount > 0, rateHz > 2 * sumRateHz else { return nil }
        let channelWeights = weights.count == channelCount ? weights : Array(repeating: 1, count: channelCount)
        let channels = (0..<channelCount).filter { channelWeights[$0] > 0 }.map { channel in
            (weight: channelWeights[channel], sums: mixedSums(of: blocks, channel: channel, nearHz: nearHz, rateHz: rateHz))
        }
        guard let sumsRateHz = channels.first?.sums.rateHz else { return nil }
        let sumCount = channels.map(\.sums.real.count).max() ?? 0
        guard Double(sumCount) >= shortestSeconds * sumsRateHz else { return nil }
        // At least twice as long as the sums, so that the line falls near a bin of its own.
        let fft = FFT<Double>(length: 2 * sumCount)
        var power = [Double](repeating: 0, count: fft.length)
        for (weight, sums) in channels {
            var real = sums.real + [Double](repeating: 0, count: fft.length - sums.real.count)
            var imaginary = sums.imaginary + [Double](repeating: 0, count: fft.length - sums.imaginary.count)
            fft.transform(real: &real, imaginary: &imaginary)
            for bin in power.indices { power[bin] += weight * (real[bin] * real[bin] + imaginary[bin] * imaginary[bin]) }
        }
        // Bin k lies k·binHz above the pitch mixed down for k < length/2, below it past that.
        let binHz = sumsRateHz / Double(fft.length)
        func powerAt(_ bin: Int) -> Double { power[((bin % fft.length) + fft.length) % fft.length] }
        let reachBins = Int(searchHz / binHz)
        guard let peakBin = (-reachBins...reachBins).max(by: { powerAt($0) < powerAt($1) }), abs(peakBin) < reachBins else { return nil }
        let nearestBins = Int((besideHz.lowerBound / binHz).rounded(.up))
        let farthestBins = max(nearestBins, Int(besideHz.upperBound / binHz))
        let besidePower =
            (nearestBins...farthestBins).reduce(0) { $0 + powerAt(peakBin + $1) + powerAt(peakBin - $1) }
            / Double(2 * (farthestBins - nearestBins + 1))
        guard besidePower > 0, powerAt(peakBin) >= clearPowerRatio * besidePower else { return nil }
        // The peak's position between bins, from the parabola through it and its neighbours (in dB).
        var shiftBins = 0.0
        if powerAt(peakBin - 1) > 0, powerAt(peakBin + 1) > 0 {
            let before = log(powerAt(peakBin - 1)), at = log(powerAt(peakBin)), after = log(powerAt(peakBin + 1))
            let curvature = before - 2 * at + after
            if curvature < 0 { shiftBins = max(-0.5, min(0.5, 0.5 * (before - after) / curvature)) }
        }
        let pitchHz = nearHz + (Double(peakBin) + shiftBins) * binHz
        // Where a carrier lies among the sums: its offset from the pitch mixed down, folded
        // into the sums' band.
        func foldedHz(_ carrierHz: Double) -> Double {
            let offsetHz = (carrierHz - nearHz).truncatingRemainder(dividingBy: sumsRateHz)
            let folded = offsetHz > sumsRateHz / 2 ? offsetHz - sumsRateHz : (offsetHz < -sumsRateHz / 2 ? offsetHz + sumsRateHz : offsetHz)
            return nearHz + folded
        }
        guard !carriersHz.contains(where: { abs(foldedHz($0) - pitchHz) <= carrierWithinHz }) else { return nil }
        return pitchHz
    }

    /// One channel of `blocks` over the first `longestSeconds`, mixed down by `nearHz` and
    /// low-passed at `bandwidthHz` by the decoder's own mixer (`BasebandConverter`), taken
    /// `sumRateHz` times a second; with that rate.
    private static func mixedSums(of blocks: [[[Float]]], channel: Int, nearHz: Double, rateHz: Double) -> (
        real: [Double], imaginary: [Double], rateHz: Double
    ) {
        var converter = BasebandConverter(toneHz: nearHz, inputRate: rateHz, targetOutputRate: sumRateHz, bandwidthHz: bandwidthHz)
        var real: [Float] = [], imaginary: [Float] = []
        var remainingSamples = Int(longestSeconds * rateHz)
        for block in blocks where remainingSamples > 0 {
            // A block without this channel is read as silence, so that the channels keep time.
            let samples = channel < block.count ? block[channel] : [Float](repeating: 0, count: block.first?.count ?? 0)
            let taken = Array(samples.prefix(remainingSamples))
            remainingSamples -= taken.count
            converter.process(taken, real: &real, imaginary: &imaginary)
        }
        return (real.map(Double.init), imaginary.map(Double.init), converter.outputRate)
    }
}
