import Foundation

/// The keyed tone's pitch read from the spectral line its oscillator leaves
/// over the whole recording.
///
/// An oscillator that runs on while the key is up (a sidetone, a lesson's
/// tone, a transmitter's) comes back at each key-down in the phase it would
/// have had, so over many marks its power gathers in one line, as narrow as
/// the recording is long, at the tone's pitch. The tone search's frames are
/// a few hundredths of a second long, and a voice as loud as the tone or
/// louder pulls the pitch they find: on `scripts/room_conditions.py`'s talk
/// 6 dB over the tone (seeds 1–20) the search's pitch was up to 8 Hz off the
/// tone's, where the line was within 0.01 Hz of it. Talk, music and noise
/// leave no such line: their pitch moves, or their phase does.
///
/// The line is looked for within `searchHz` of the search's pitch, in the
/// first `longestSeconds` of the recording, and taken only where it stands
/// clear of the spectrum beside it (`clearPowerRatio`): a tone that drifts,
/// or that fades with Doppler, spreads its power and leaves none (there the
/// search's pitch is kept), as does an oscillator keyed by hand that starts
/// afresh at each key-down. One keyed on an exact grid of units does leave
/// lines, a unit's rate apart (16.7 Hz at 20 WPM): the nearest may be taken,
/// up to half that from the tone.
public enum ToneLine {
    /// How far from the search's pitch the line is looked for.
    static let searchHz = 12.0
    /// The line's power must stand this many times over the spectrum's mean power
    /// `besideHz` either side of it (16 dB). Measured on the development recordings (first
    /// five minutes, sums every 10 ms): talk at the tone's loudness and 6 dB over it, and talk
    /// through a phone, 179 to 603 times; a tone keyed by hand whose phase starts afresh at
    /// each key-down, 9 (its marks' spectra add at random phases, a hump and no line); a tone
    /// drifting 20 Hz a minute or more, or a beacon's fading with Doppler, 10 at most.
    static let clearPowerRatio = 40.0
    /// Where beside the line the spectrum it must stand clear of is measured: past the main
    /// lobe of a line a few seconds long, within the keying's own spread.
    static let besideHz = 0.3...3.0
    /// The line is read from the recording's first five minutes at most (its cost grows
    /// with the length, and a steady tone's line is clear long before).
    static let longestSeconds = 300.0
    /// The rate of the sums the line is read from: the mixed-down tone summed over
    /// windows of about 20 ms, every 10 ms.
    static let sumRateHz = 100.0
    /// A line within this of a steady carrier the search heard is the carrier's.
    static let carrierWithinHz = 2.0

    /// The pitch of the line nearest `nearHz` in `blocks` (decimated samples at `rate`, one
    /// array per channel, block after block), its channels' powers summed with `weights`
    /// (equally if empty); nil where no line stands clear within `searchHz`, or it lies within
    /// `carrierWithinHz` of one of `carriersHz`.
    public static func pitchHz(nearHz: Double, blocks: [[[Float]]], rate: Double, weights: [Double], carriersHz: [Double]) -> Double? {
        guard let channelCount = blocks.first?.count, channelCount > 0, rate > 2 * sumRateHz else { return nil }
        let channelWeights = weights.count == channelCount ? weights : Array(repeating: 1, count: channelCount)
        let hop = max(1, Int((rate / sumRateHz).rounded()))
        let limit = Int(longestSeconds * rate)
        var power: [Double]?
        var transform: FFT<Double>?
        for channel in 0..<channelCount where channelWeights[channel] > 0 {
            let sums = mixedSums(of: blocks, channel: channel, nearHz: nearHz, rate: rate, hop: hop, limit: limit)
            guard sums.real.count >= 8 else { return nil }
            // At least twice as long as the sums, so that the line falls near a bin of its own.
            let fft = transform ?? FFT<Double>(length: 2 * sums.real.count)
            transform = fft
            var real = sums.real + [Double](repeating: 0, count: fft.length - sums.real.count)
            var imaginary = sums.imaginary + [Double](repeating: 0, count: fft.length - sums.imaginary.count)
            fft.transform(real: &real, imaginary: &imaginary)
            let channelPower = zip(real, imaginary).map { channelWeights[channel] * ($0 * $0 + $1 * $1) }
            power = power.map { zip($0, channelPower).map(+) } ?? channelPower
        }
        guard let power, let fft = transform else { return nil }
        let binHz = rate / Double(hop) / Double(fft.length)
        let reach = Int(searchHz / binHz)
        // Bin k lies k·binHz above the pitch mixed down for k < length/2, below it past that.
        let window = (-reach...reach).map { (offset: $0, power: power[($0 + fft.length) % fft.length]) }
        guard let peak = window.max(by: { $0.power < $1.power }), abs(peak.offset) < reach else { return nil }
        let nearest = Int((besideHz.lowerBound / binHz).rounded(.up)), farthest = max(nearest, Int(besideHz.upperBound / binHz))
        let beside = (nearest...farthest).flatMap {
            [power[(peak.offset + $0 + fft.length) % fft.length], power[(peak.offset - $0 + fft.length) % fft.length]]
        }
        let besidePower = beside.reduce(0, +) / Double(beside.count)
        guard besidePower > 0, peak.power >= clearPowerRatio * besidePower else { return nil }
        // The peak's position between bins, from the parabola through it and its neighbours (in dB).
        let before = log(power[(peak.offset - 1 + fft.length) % fft.length])
        let at = log(peak.power)
        let after = log(power[(peak.offset + 1 + fft.length) % fft.length])
        let curvature = before - 2 * at + after
        let shift = curvature < 0 ? max(-0.5, min(0.5, 0.5 * (before - after) / curvature)) : 0
        let pitchHz = nearHz + (Double(peak.offset) + shift) * binHz
        guard !carriersHz.contains(where: { abs($0 - pitchHz) <= carrierWithinHz }) else { return nil }
        return pitchHz
    }

    /// One channel of `blocks` mixed down by `nearHz` and summed over triangular windows two
    /// `hop`s long, every `hop` samples (their response falls as sinc², so a carrier near a
    /// multiple of the sums' rate folds back weakly), over the first `limit` samples.
    private static func mixedSums(of blocks: [[[Float]]], channel: Int, nearHz: Double, rate: Double, hop: Int, limit: Int) -> (
        real: [Double], imaginary: [Double]
    ) {
        var real: [Double] = [], imaginary: [Double] = []
        // The window that began a hop ago (its second half still to come) and the one beginning now.
        var olderReal = 0.0, olderImaginary = 0.0, newerReal = 0.0, newerImaginary = 0.0
        var index = 0
        let cyclesPerSample = nearHz / rate
        outer: for block in blocks {
            guard channel < block.count else { continue }
            for sample in block[channel] {
                guard index < limit else { break outer }
                // The mixing phase from the sample's index, kept to one cycle so that it stays exact.
                let cycles = (cyclesPerSample * Double(index)).truncatingRemainder(dividingBy: 1)
                let angle = -2 * Double.pi * cycles
                let value = Double(sample)
                let mixedReal = value * cos(angle), mixedImaginary = value * sin(angle)
                let position = index % hop
                // Rising weight in the window beginning now, falling in the one begun a hop ago.
                let rising = Double(position + 1) / Double(hop), falling = 1 - Double(position) / Double(hop)
                newerReal += rising * mixedReal
                newerImaginary += rising * mixedImaginary
                olderReal += falling * mixedReal
                olderImaginary += falling * mixedImaginary
                index += 1
                if position == hop - 1 {
                    real.append(olderReal)
                    imaginary.append(olderImaginary)
                    (olderReal, olderImaginary) = (newerReal, newerImaginary)
                    (newerReal, newerImaginary) = (0, 0)
                }
            }
        }
        return (real, imaginary)
    }
}
