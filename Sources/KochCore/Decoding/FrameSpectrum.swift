import Foundation

/// The spectrum of one frame of the tone search (`ToneFinder`): a pure
/// function of the decimated samples, so that the frames of a block can be
/// measured on several cores at once.
///
/// One short frame from `start + n/2`, and the long frame around it from
/// `start`, in one complex FFT of 2n: the long frame is its real part and
/// the short one, zero-padded, its imaginary part. Each real part's
/// spectrum is recovered from the symmetry of a real signal's
/// (X[k] = (Z[k] + Z*[N−k])/2, Y[k] = (Z[k] − Z*[N−k])/2i); the short
/// frame's bin b is the long transform's bin 2b. A full-scale sine of
/// amplitude A gives |X| = A·N/4 with a Hann window: power A².
struct FrameSpectrum: Sendable {
    /// The short frames' length, a power of two.
    let frameLength: Int
    /// The first bin measured; one more each side is measured for interpolation.
    let firstBin: Int
    /// Bins measured, with the one beyond each side.
    let binCount: Int
    private let window: [Double]
    /// Frames twice as long, centred on the short ones, resolve the pitch finely enough
    /// (half a bin) that a carrier 50 Hz away does not move a tone's measured peak.
    private let pitchFFT: FFT
    private let pitchWindow: [Double]

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

    init(frameLength: Int, firstBin: Int, binCount: Int) {
        self.frameLength = frameLength
        self.firstBin = firstBin
        self.binCount = binCount
        window = Self.hann(frameLength)
        pitchFFT = FFT(length: 2 * frameLength)
        pitchWindow = Self.hann(2 * frameLength)
    }

    /// Half bins in `Levels.pitchLevelsDB`.
    var pitchBinCount: Int { 2 * (binCount + 2) }

    private static func hann(_ n: Int) -> [Double] {
        (0..<n).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n)) }
    }

    /// The frame of 2n samples from `start`; `real` and `imaginary` are scratch of 2n.
    func measure(_ samples: UnsafeBufferPointer<Float>, start: Int, real: inout [Double], imaginary: inout [Double]) -> Levels {
        let n = frameLength, long = 2 * n
        // Each mean summed in its own order (the short frame's from its first sample).
        var longMean = 0.0, shortMean = 0.0
        for index in 0..<long { longMean += Double(samples[start + index]) }
        for index in (n / 2)..<(3 * n / 2) { shortMean += Double(samples[start + index]) }
        longMean /= Double(long)
        shortMean /= Double(n)
        Self.window(samples, from: start, count: long, less: longMean, by: pitchWindow, into: &real, at: 0)
        for index in 0..<(n / 2) { imaginary[index] = 0 }
        Self.window(samples, from: start + n / 2, count: n, less: shortMean, by: window, into: &imaginary, at: n / 2)
        for index in (3 * n / 2)..<long { imaginary[index] = 0 }
        pitchFFT.transform(real: &real, imaginary: &imaginary)
        let longScale = 16 / Double(long * long), shortScale = 16 / Double(n * n)
        let pitchFirst = 2 * (firstBin - 2)
        var levels = Levels(
            pitchPowers: Array(repeating: Self.smallestPower, count: pitchBinCount), shortPowers: Array(repeating: 0, count: binCount),
            peakBins: Array(repeating: 0, count: binCount))
        real.withUnsafeBufferPointer { real in
            imaginary.withUnsafeBufferPointer { imaginary in
                levels.pitchPowers.withUnsafeMutableBufferPointer { pitchPowers in
                    for index in pitchPowers.indices {
                        let bin = pitchFirst + index
                        guard bin > 0 && bin < n else { continue }
                        let mirror = long - bin
                        let x = 0.5 * (real[bin] + real[mirror]), y = 0.5 * (imaginary[bin] - imaginary[mirror])
                        pitchPowers[index] = max((x * x + y * y) * longScale, Self.smallestPower)
                    }
                }
                levels.shortPowers.withUnsafeMutableBufferPointer { shortPowers in
                    for index in shortPowers.indices {
                        let bin = 2 * (firstBin - 1 + index)
                        guard bin > 0 && bin < n else { continue }
                        let mirror = long - bin
                        let x = 0.5 * (imaginary[bin] + imaginary[mirror]), y = 0.5 * (real[mirror] - real[bin])
                        shortPowers[index] = (x * x + y * y) * shortScale
                    }
                }
            }
        }
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

    /// `output[at + i]` = (`samples[from + i]` − `mean`) × `weights[i]` for `count` samples, four at a time.
    private static func window(
        _ samples: UnsafeBufferPointer<Float>, from start: Int, count: Int, less mean: Double, by weights: [Double], into output: inout [Double],
        at offset: Int
    ) {
        guard let source = samples.baseAddress else { return }
        weights.withUnsafeBufferPointer { weights in
            output.withUnsafeMutableBufferPointer { output in
                guard let weights = weights.baseAddress, let output = output.baseAddress else { return }
                let source = source + start, target = output + offset, middle = SIMD4<Double>(repeating: mean)
                var index = 0
                while index + 4 <= count {
                    let sample = SIMD4<Double>(UnsafeRawPointer(source + index).loadUnaligned(as: SIMD4<Float>.self))
                    target.storeVector((sample - middle) * weights.loadVector(at: index), at: index)
                    index += 4
                }
                while index < count {
                    target[index] = (Double(source[index]) - mean) * weights[index]
                    index += 1
                }
            }
        }
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
            var real = [Double](repeating: 0, count: 2 * frameLength)
            var imaginary = real
            let all = starts[channel]
            let mine = all[(all.count * chunk / count)..<(all.count * (chunk + 1) / count)]
            return channels[channel].withUnsafeBufferPointer { samples in
                mine.map { measure(samples, start: $0, real: &real, imaginary: &imaginary) }
            }
        }
        for (index, chunk) in chunks.enumerated() { levels[chunk.channel] += measured[index] }
        return levels
    }
}
