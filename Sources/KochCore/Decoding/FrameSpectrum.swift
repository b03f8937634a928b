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
        /// The long frame's levels in its half bins, from bin firstBin − 2 to lastBin + 2, in dB.
        var pitchLevelsDB: [Double]
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
        // Both sums in one pass, each in its own order (the short frame's from its first sample).
        var longMean = 0.0, shortMean = 0.0
        for index in 0..<long {
            let sample = Double(samples[start + index])
            longMean += sample
            if index >= n / 2 && index < 3 * n / 2 { shortMean += sample }
        }
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
            pitchLevelsDB: Array(repeating: 0, count: pitchBinCount), shortPowers: Array(repeating: 0, count: binCount), peakBins: [])
        for index in levels.pitchLevelsDB.indices {
            let bin = pitchFirst + index
            var power = 0.0
            if bin > 0 && bin < n {
                let mirror = long - bin
                let x = 0.5 * (real[bin] + real[mirror]), y = 0.5 * (imaginary[bin] - imaginary[mirror])
                power = (x * x + y * y) * longScale
            }
            levels.pitchLevelsDB[index] = 10 * log10(max(power, 1e-30))
        }
        for index in levels.shortPowers.indices {
            let bin = 2 * (firstBin - 1 + index)
            var power = 0.0
            if bin > 0 && bin < n {
                let mirror = long - bin
                let x = 0.5 * (imaginary[bin] + imaginary[mirror]), y = 0.5 * (real[mirror] - real[bin])
                power = (x * x + y * y) * shortScale
            }
            levels.shortPowers[index] = power
        }
        levels.peakBins = (0..<binCount).map { peakBin(near: firstBin - 1 + $0, in: levels.pitchLevelsDB) }
        return levels
    }

    /// The frequency, in bins, of this frame's spectral peak within a bin of `bin`, measured
    /// in the long frame (parabolic interpolation over its half bins).
    private func peakBin(near bin: Int, in pitchLevelsDB: [Double]) -> Double {
        let centre = 2 * (bin - firstBin + 2)
        var top = centre
        for other in (centre - 2)...(centre + 2) where other >= 1 && other < pitchLevelsDB.count - 1 && pitchLevelsDB[other] > pitchLevelsDB[top] {
            top = other
        }
        guard top >= 1, top < pitchLevelsDB.count - 1 else { return Double(bin) }
        let left = pitchLevelsDB[top - 1], middle = pitchLevelsDB[top], right = pitchLevelsDB[top + 1]
        let curvature = left - 2 * middle + right
        let offset = curvature < 0 ? min(0.5, max(-0.5, 0.5 * (left - right) / curvature)) : 0
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

    /// The frames of 2n samples from each of `starts`, measured on every core.
    func measure(_ samples: [Float], starts: [Int]) -> [Levels] {
        let chunkCount = min(starts.count, 4)
        guard chunkCount > 0 else { return [] }
        return samples.withUnsafeBufferPointer { samples in
            let shared = SharedSamples(samples: samples)
            return concurrentMap(chunkCount) { chunk in
                var real = [Double](repeating: 0, count: 2 * frameLength)
                var imaginary = real
                let mine = starts[(starts.count * chunk / chunkCount)..<(starts.count * (chunk + 1) / chunkCount)]
                return mine.map { measure(shared.samples, start: $0, real: &real, imaginary: &imaginary) }
            }.flatMap { $0 }
        }
    }

    private struct SharedSamples: @unchecked Sendable {
        let samples: UnsafeBufferPointer<Float>
    }
}
