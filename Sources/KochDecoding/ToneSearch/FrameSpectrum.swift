import Foundation
import KochCore

/// The spectrum of one frame of the tone search (`ToneFinder`): a pure
/// function of the decimated samples, so that the frames of a block can be
/// measured on several cores at once.
///
/// One short frame of n samples from `start + n/2`, and the long frame of 2n
/// around it from `start`, each with its mean taken out and a Hann window.
/// Each is real, so its spectrum comes from a complex FFT of half its length
/// (the even samples as the real part, the odd ones as the imaginary part),
/// taken apart by the symmetry of a real signal's spectrum:
/// E[k] = (Z[k] + Z*[M−k])/2 and O[k] = (Z[k] − Z*[M−k])/2i are the spectra
/// of the even and odd samples, and X[k] = E[k] + e^(−2πik/N)·O[k], for only
/// the bins measured. The samples are written straight into the FFT's
/// bit-reversed order. The transforms run in single precision, the samples'
/// own: their rounding lies some 130 dB below a frame's loudest bin, under
/// the noise of any recording. A full-scale sine of amplitude A gives
/// |X| = A·N/4 with a Hann window of N: power A².
struct FrameSpectrum: Sendable {
    /// The short frames' length, a power of two.
    let frameLength: Int
    /// The first bin measured; one more each side is measured for interpolation.
    let firstBin: Int
    /// Bins measured, with the one beyond each side.
    let binCount: Int
    private let shortWindow: [Double]
    /// Frames twice as long, centred on the short ones, resolve the pitch finely enough
    /// (half a bin) that a carrier 50 Hz away does not move a tone's measured peak.
    private let longWindow: [Double]
    /// The complex FFTs of half of each frame's length.
    private let longFFT: FFT<Float>
    private let shortFFT: FFT<Float>
    /// e^(−2πik/N) of each half bin of the long frame measured, and of each bin of the short one.
    private let longTwiddles: [(cosine: Double, sine: Double)]
    private let shortTwiddles: [(cosine: Double, sine: Double)]

    /// What one frame measured.
    struct Levels: Sendable {
        /// The long frame's power in its half bins, from bin firstBin − 2 to lastBin + 2, at
        /// least `smallestPower` (its level in dB is `level(ofPower:)`).
        var pitchPowers: [Double]
        /// The short frame's power in the bins measured (and one beyond each side).
        var shortPowers: [Double]
        /// The frame's spectral peak within a bin of each bin measured (as `shortPowers`), in bins.
        var peakBins: [Double]
    }

    /// Room for one frame's transforms, made once per core.
    struct Scratch {
        var longReal: [Float], longImaginary: [Float], shortReal: [Float], shortImaginary: [Float]

        init(frameLength: Int) {
            longReal = Array(repeating: 0, count: frameLength)
            longImaginary = longReal
            shortReal = Array(repeating: 0, count: frameLength / 2)
            shortImaginary = shortReal
        }
    }

    init(frameLength: Int, firstBin: Int, binCount: Int) {
        precondition(frameLength >= 8 && frameLength & (frameLength - 1) == 0, "a frame length that is no power of two from 8")
        self.frameLength = frameLength
        self.firstBin = firstBin
        self.binCount = binCount
        shortWindow = Self.hann(frameLength)
        longWindow = Self.hann(2 * frameLength)
        longFFT = FFT(length: frameLength)
        shortFFT = FFT(length: frameLength / 2)
        let pitchFirst = 2 * (firstBin - 2)
        longTwiddles = (0..<(2 * (binCount + 2))).map { index in
            let angle = Double.pi * Double(pitchFirst + index) / Double(frameLength)
            return (cos(angle), sin(angle))
        }
        shortTwiddles = (0..<binCount).map { index in
            let angle = 2 * Double.pi * Double(firstBin - 1 + index) / Double(frameLength)
            return (cos(angle), sin(angle))
        }
    }

    /// Half bins in `Levels.pitchPowers`.
    var pitchBinCount: Int { 2 * (binCount + 2) }

    private static func hann(_ n: Int) -> [Double] {
        (0..<n).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n)) }
    }

    /// The frame of 2n samples from `start`.
    func measure(_ samples: UnsafeBufferPointer<Float>, start: Int, scratch: inout Scratch) -> Levels {
        let n = frameLength
        guard let base = samples.baseAddress else { preconditionFailure("no samples") }
        let frame = base + start
        let (before, middle, after) = (Self.sum(frame, count: n / 2), Self.sum(frame + n / 2, count: n), Self.sum(frame + 3 * n / 2, count: n / 2))
        let longMean = (before + middle + after) / Double(2 * n), shortMean = middle / Double(n)
        Self.windowBitReversed(
            frame, count: 2 * n, less: longMean, by: longWindow, order: longFFT.bitReversedIndices, real: &scratch.longReal,
            imaginary: &scratch.longImaginary)
        Self.windowBitReversed(
            frame + n / 2, count: n, less: shortMean, by: shortWindow, order: shortFFT.bitReversedIndices, real: &scratch.shortReal,
            imaginary: &scratch.shortImaginary)
        longFFT.transform(bitReversedReal: &scratch.longReal, imaginary: &scratch.longImaginary)
        shortFFT.transform(bitReversedReal: &scratch.shortReal, imaginary: &scratch.shortImaginary)
        let longScale = 16 / Double(4 * n * n), shortScale = 16 / Double(n * n)
        let pitchFirst = 2 * (firstBin - 2)
        var levels = Levels(
            pitchPowers: Array(repeating: Self.smallestPower, count: pitchBinCount), shortPowers: Array(repeating: 0, count: binCount),
            peakBins: Array(repeating: 0, count: binCount))
        Self.powers(
            of: scratch.longReal, scratch.longImaginary, firstBin: pitchFirst, twiddles: longTwiddles, scale: longScale,
            least: Self.smallestPower, into: &levels.pitchPowers)
        Self.powers(
            of: scratch.shortReal, scratch.shortImaginary, firstBin: firstBin - 1, twiddles: shortTwiddles, scale: shortScale, least: 0,
            into: &levels.shortPowers)
        levels.pitchPowers.withUnsafeBufferPointer { pitchPowers in
            levels.peakBins.withUnsafeMutableBufferPointer { peakBins in
                // Neighbouring bins often share their top half bin, and so its interpolation.
                var lastTop = -1, lastPeak = 0.0
                for index in peakBins.indices {
                    let bin = firstBin - 1 + index
                    let top = topHalfBin(near: bin, in: pitchPowers)
                    if top != lastTop {
                        lastTop = top
                        lastPeak = peakBin(top: top, in: pitchPowers)
                    }
                    peakBins[index] = top >= 1 && top < pitchPowers.count - 1 ? lastPeak : Double(bin)
                }
            }
        }
        return levels
    }

    /// `output[i]` = |X[firstBin + i]|² × `scale` (at least `least`) of a real frame whose even
    /// samples went in as the real part and odd samples as the imaginary part of a complex FFT
    /// of length M (`real`, `imaginary`), for the bins 0 < k < M; the others are left as they are.
    private static func powers(
        of real: [Float], _ imaginary: [Float], firstBin: Int, twiddles: [(cosine: Double, sine: Double)], scale: Double, least: Double,
        into output: inout [Double]
    ) {
        let length = real.count
        real.withUnsafeBufferPointer { real in
            imaginary.withUnsafeBufferPointer { imaginary in
                twiddles.withUnsafeBufferPointer { twiddles in
                    output.withUnsafeMutableBufferPointer { output in
                        for index in output.indices {
                            let k = firstBin + index
                            guard k > 0 && k < length else { continue }
                            let mirror = length - k
                            let (ar, ai) = (Double(real[k]), Double(imaginary[k]))
                            let (br, bi) = (Double(real[mirror]), Double(imaginary[mirror]))
                            let (evenReal, evenImaginary) = (0.5 * (ar + br), 0.5 * (ai - bi))
                            let (oddReal, oddImaginary) = (0.5 * (ai + bi), 0.5 * (br - ar))
                            let twiddle = twiddles[index]
                            let x = evenReal + twiddle.cosine * oddReal + twiddle.sine * oddImaginary
                            let y = evenImaginary + twiddle.cosine * oddImaginary - twiddle.sine * oddReal
                            output[index] = max((x * x + y * y) * scale, least)
                        }
                    }
                }
            }
        }
    }

    /// The sum of `count` samples (a multiple of 4), four at a time.
    @inline(__always)
    private static func sum(_ samples: UnsafePointer<Float>, count: Int) -> Double {
        var sums = SIMD4<Double>()
        var index = 0
        while index < count {
            sums += SIMD4<Double>(UnsafeRawPointer(samples + index).loadUnaligned(as: SIMD4<Float>.self))
            index += 4
        }
        return sums.sum()
    }

    /// Windows `count` samples less `mean` by `weights`, the even ones into `real` and the odd
    /// ones into `imaginary`, each at its place in bit-reversed `order`.
    @inline(__always)
    private static func windowBitReversed(
        _ samples: UnsafePointer<Float>, count: Int, less mean: Double, by weights: [Double], order: [Int], real: inout [Float],
        imaginary: inout [Float]
    ) {
        weights.withUnsafeBufferPointer { weights in
            order.withUnsafeBufferPointer { order in
                real.withUnsafeMutableBufferPointer { real in
                    imaginary.withUnsafeMutableBufferPointer { imaginary in
                        for pair in 0..<(count / 2) {
                            let target = order[pair]
                            real[target] = Float((Double(samples[2 * pair]) - mean) * weights[2 * pair])
                            imaginary[target] = Float((Double(samples[2 * pair + 1]) - mean) * weights[2 * pair + 1])
                        }
                    }
                }
            }
        }
    }

    /// The smallest power a half bin is given, so that its level is finite (−300 dB).
    static let smallestPower = 1e-30

    /// A power's level in dB.
    static func level(ofPower power: Double) -> Double { decibelsPerNeper * log(power) }

    /// 10/ln 10: dB in a natural logarithm of a power ratio.
    static let decibelsPerNeper = 10 / log(10.0)

    /// The loudest half bin of the long frame within a bin of `bin` (the first of equals).
    @inline(__always)
    private func topHalfBin(near bin: Int, in pitchPowers: UnsafeBufferPointer<Double>) -> Int {
        let centre = 2 * (bin - firstBin + 2)
        var top = centre
        guard centre >= 3, centre + 2 < pitchPowers.count - 1, let powers = pitchPowers.baseAddress else {
            for other in (centre - 2)...(centre + 2) where other >= 1 && other < pitchPowers.count - 1 && pitchPowers[other] > pitchPowers[top] {
                top = other
            }
            return top
        }
        // The same comparisons, in the same order, without the bounds.
        var loudest = powers[centre]
        @inline(__always) func weigh(_ other: Int) {
            if powers[other] > loudest { (top, loudest) = (other, powers[other]) }
        }
        weigh(centre - 2)
        weigh(centre - 1)
        weigh(centre + 1)
        weigh(centre + 2)
        return top
    }

    /// The frequency, in bins, of the frame's spectral peak at half bin `top` (inside the half
    /// bins measured): parabolic interpolation over the levels in dB of `top` and its neighbours,
    /// written with the ratios of their powers (only differences of levels enter it).
    @inline(__always)
    private func peakBin(top: Int, in pitchPowers: UnsafeBufferPointer<Double>) -> Double {
        guard top >= 1, top < pitchPowers.count - 1 else { return 0 }
        let left = pitchPowers[top - 1], middle = pitchPowers[top], right = pitchPowers[top + 1]
        // Levels L, M, R: the curvature L − 2M + R is negative where L·R < M², and the offset
        // (L − R) / (2 (L − 2M + R)) is that of the logarithms of the ratios.
        var offset = 0.0
        if left * right < middle * middle {
            offset = min(0.5, max(-0.5, 0.5 * log(left / right) / log(left * right / (middle * middle))))
        }
        return (Double(top) + offset) / 2 + Double(firstBin - 2)
    }

    /// The frames of 2n samples from each channel's `starts`, measured on every core, by channel.
    func measure(_ channels: [[Float]], starts: [[Int]]) -> [[Levels]] {
        let chunksPerChannel = 4
        let chunks = (0..<channels.count).flatMap { channel in
            let count = min(starts[channel].count, chunksPerChannel)
            return (0..<count).map { (channel: channel, chunk: $0, of: count) }
        }
        var levels = Array(repeating: [Levels](), count: channels.count)
        guard !chunks.isEmpty else { return levels }
        let measured = concurrentMap(chunks.count) { index in
            let (channel, chunk, count) = chunks[index]
            var scratch = Scratch(frameLength: frameLength)
            let all = starts[channel]
            let mine = all[(all.count * chunk / count)..<(all.count * (chunk + 1) / count)]
            return channels[channel].withUnsafeBufferPointer { samples in
                mine.map { measure(samples, start: $0, scratch: &scratch) }
            }
        }
        for (index, chunk) in chunks.enumerated() { levels[chunk.channel] += measured[index] }
        return levels
    }
}
