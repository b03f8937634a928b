import Foundation

/// An in-place radix-2 complex FFT of one fixed power-of-two length, with
/// its twiddle factors and bit-reversal table computed once.
/// X[k] = Σ x[n]·e^(−2πi·kn/N), unscaled.
///
/// The twiddle factors are stored stage by stage, so that a stage's
/// butterflies read them in order and run four at a time (`SIMD4`); each
/// lane does exactly the arithmetic of one butterfly, so the result is the
/// same, to the bit, as one butterfly at a time.
public struct FFT: Sendable {
    public let length: Int
    /// For each stage (butterflies spanning 2, 4, … `length` samples), its half-span twiddle
    /// factors e^(−2πi·k/span), one stage after another.
    private let cosines: [Double]
    private let sines: [Double]
    private let reversed: [Int]

    /// The power of two, at least 2, that a requested length is rounded up to.
    public static func length(atLeast requested: Int) -> Int {
        var length = 2
        while length < requested { length *= 2 }
        return length
    }

    /// `length` is rounded up to a power of two, at least 2.
    public init(length requested: Int) {
        let length = Self.length(atLeast: requested)
        self.length = length
        let angles = (0..<length / 2).map { 2 * Double.pi * Double($0) / Double(length) }
        var cosines: [Double] = [], sines: [Double] = []
        var span = 2
        while span <= length {
            let step = length / span
            for k in 0..<span / 2 {
                cosines.append(cos(angles[k * step]))
                sines.append(-sin(angles[k * step]))
            }
            span *= 2
        }
        self.cosines = cosines
        self.sines = sines
        var bits = 0
        while 1 << bits < length { bits += 1 }
        reversed = (0..<length).map { index in
            var value = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { value |= 1 << (bits - 1 - bit) }
            return value
        }
    }

    /// Transforms `real` and `imaginary` (each `length` long) in place.
    public func transform(real: inout [Double], imaginary: inout [Double]) {
        let n = length
        precondition(real.count >= n && imaginary.count >= n, "FFT input shorter than its length")
        // Through raw buffers: the butterflies are the hot loop of the tone search, and the
        // checked subscripts cost more than the arithmetic.
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                cosines.withUnsafeBufferPointer { cosines in
                    sines.withUnsafeBufferPointer { sines in
                        guard let re = re.baseAddress, let im = im.baseAddress, let cosines = cosines.baseAddress,
                            let sines = sines.baseAddress
                        else { return }
                        for index in 0..<n {
                            let other = reversed[index]
                            if other > index {
                                swap(&re[index], &re[other])
                                swap(&im[index], &im[other])
                            }
                        }
                        var span = 2
                        var twiddles = 0
                        while span <= n {
                            let half = span / 2
                            let wr = cosines + twiddles, wi = sines + twiddles
                            var start = 0
                            while start < n {
                                if half >= 4 {
                                    Self.butterflies4(re + start, im + start, half: half, wr: wr, wi: wi)
                                } else {
                                    for k in 0..<half {
                                        let a = start + k, b = a + half
                                        let tr = re[b] * wr[k] - im[b] * wi[k]
                                        let ti = re[b] * wi[k] + im[b] * wr[k]
                                        re[b] = re[a] - tr
                                        im[b] = im[a] - ti
                                        re[a] += tr
                                        im[a] += ti
                                    }
                                }
                                start += span
                            }
                            twiddles += half
                            span *= 2
                        }
                    }
                }
            }
        }
    }

    /// The butterflies of one group, four at a time: `half` a multiple of 4.
    @inline(__always)
    private static func butterflies4(
        _ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>, half: Int,
        wr: UnsafePointer<Double>, wi: UnsafePointer<Double>
    ) {
        var k = 0
        while k < half {
            let cosine = wr.loadVector(at: k), sine = wi.loadVector(at: k)
            let ra = re.loadVector(at: k), ia = im.loadVector(at: k), rb = re.loadVector(at: k + half), ib = im.loadVector(at: k + half)
            let tr = rb * cosine - ib * sine
            let ti = rb * sine + ib * cosine
            re.storeVector(ra - tr, at: k + half)
            im.storeVector(ia - ti, at: k + half)
            re.storeVector(ra + tr, at: k)
            im.storeVector(ia + ti, at: k)
            k += 4
        }
    }
}
