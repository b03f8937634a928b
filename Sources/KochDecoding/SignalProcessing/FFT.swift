import Foundation

/// An in-place radix-2 complex FFT of one fixed power-of-two length, with
/// its twiddle factors and bit-reversal table computed once, in double or
/// single precision (`Scalar`: four single-precision lanes take the room
/// and the time of two double ones).
/// X[k] = Σ x[n]·e^(−2πi·kn/N), unscaled.
///
/// The first two stages (spans 2 and 4) multiply by 1 and −i exactly, so
/// they need no multiplication. From span 8 the twiddle factors are stored
/// stage by stage, so that a stage's butterflies read them in order and run
/// four at a time (`SIMD4`), each lane doing exactly the arithmetic of one
/// butterfly; the stages run two to a pass over the samples, which halves
/// the trips through memory without changing any value's arithmetic.
public struct FFT<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable>: Sendable {
    public let length: Int
    /// For each stage from span 8 (butterflies spanning 8, 16, … `length` samples), its
    /// half-span twiddle factors e^(−2πi·k/span), one stage after another.
    private let cosines: [Scalar]
    private let sines: [Scalar]
    /// The pairs of indices the bit reversal swaps, each once.
    private let swaps: [(Int, Int)]
    /// Where each sample goes in bit-reversed order, for `transform(bitReversedReal:imaginary:)`.
    public let bitReversedIndices: [Int]

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
        var cosines: [Scalar] = [], sines: [Scalar] = []
        var span = 8
        while span <= length {
            let step = length / span
            for k in 0..<span / 2 {
                cosines.append(Scalar(cos(angles[k * step])))
                sines.append(Scalar(-sin(angles[k * step])))
            }
            span *= 2
        }
        self.cosines = cosines
        self.sines = sines
        var bits = 0
        while 1 << bits < length { bits += 1 }
        let reversed = (0..<length).map { index in
            var value = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { value |= 1 << (bits - 1 - bit) }
            return value
        }
        swaps = reversed.enumerated().filter { $0.element > $0.offset }.map { ($0.offset, $0.element) }
        bitReversedIndices = reversed
    }

    /// Transforms `real` and `imaginary` (each `length` long) in place.
    public func transform(real: inout [Scalar], imaginary: inout [Scalar]) {
        precondition(real.count >= length && imaginary.count >= length, "FFT input shorter than its length")
        real.withUnsafeMutableBufferPointer { real in
            imaginary.withUnsafeMutableBufferPointer { imaginary in
                swaps.withUnsafeBufferPointer { swaps in
                    guard let re = real.baseAddress, let im = imaginary.baseAddress else { return }
                    for (index, other) in swaps {
                        (re[index], re[other]) = (re[other], re[index])
                        (im[index], im[other]) = (im[other], im[index])
                    }
                }
            }
        }
        butterflies(real: &real, imaginary: &imaginary)
    }

    /// Transforms samples already stored in bit-reversed order (sample i at
    /// `bitReversedIndices[i]`), as a caller that writes them there anyway can store them:
    /// the same values as `transform(real:imaginary:)` of the samples in order.
    public func transform(bitReversedReal real: inout [Scalar], imaginary: inout [Scalar]) {
        precondition(real.count >= length && imaginary.count >= length, "FFT input shorter than its length")
        butterflies(real: &real, imaginary: &imaginary)
    }

    /// The butterflies of every stage over samples in bit-reversed order, in place.
    private func butterflies(real: inout [Scalar], imaginary: inout [Scalar]) {
        let n = length
        // Through raw buffers: the butterflies are the hot loop of the tone search, and the
        // checked subscripts cost more than the arithmetic.
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                cosines.withUnsafeBufferPointer { cosines in
                    sines.withUnsafeBufferPointer { sines in
                        guard let re = re.baseAddress, let im = im.baseAddress, let cosines = cosines.baseAddress,
                            let sines = sines.baseAddress
                        else { return }
                        guard n >= 4 else {
                            // Length 2: one butterfly, by 1.
                            (re[0], re[1], im[0], im[1]) = (re[0] + re[1], re[0] - re[1], im[0] + im[1], im[0] - im[1])
                            return
                        }
                        Self.firstTwoStages(re, im, length: n)
                        var span = 8
                        var twiddles = 0
                        while span <= n {
                            let half = span / 2
                            let wr = cosines + twiddles, wi = sines + twiddles
                            // Two stages in one pass where there are two left: half the trips through memory.
                            let paired = 2 * span <= n
                            var start = 0
                            while start < n {
                                if paired {
                                    Self.twoStages4(
                                        re + start, im + start, half: half, wr: wr, wi: wi, nextWr: wr + half, nextWi: wi + half)
                                    start += 2 * span
                                } else {
                                    Self.butterflies4(re + start, im + start, half: half, wr: wr, wi: wi)
                                    start += span
                                }
                            }
                            twiddles += paired ? half + span : half
                            span *= paired ? 4 : 2
                        }
                    }
                }
            }
        }
    }

    /// The stages of spans 2 and 4 at once, for `length` a multiple of 4: their twiddle factors
    /// are 1 and −i, which need no multiplication.
    @inline(__always)
    private static func firstTwoStages(_ re: UnsafeMutablePointer<Scalar>, _ im: UnsafeMutablePointer<Scalar>, length: Int) {
        var start = 0
        while start < length {
            let (r0, r1, r2, r3) = (re[start], re[start + 1], re[start + 2], re[start + 3])
            let (i0, i1, i2, i3) = (im[start], im[start + 1], im[start + 2], im[start + 3])
            let (sumR01, sumI01, differenceR01, differenceI01) = (r0 + r1, i0 + i1, r0 - r1, i0 - i1)
            let (sumR23, sumI23, differenceR23, differenceI23) = (r2 + r3, i2 + i3, r2 - r3, i2 - i3)
            re[start] = sumR01 + sumR23
            im[start] = sumI01 + sumI23
            re[start + 2] = sumR01 - sumR23
            im[start + 2] = sumI01 - sumI23
            // Times −i: (x + iy)(−i) = y − ix.
            re[start + 1] = differenceR01 + differenceI23
            im[start + 1] = differenceI01 - differenceR23
            re[start + 3] = differenceR01 - differenceI23
            im[start + 3] = differenceI01 + differenceR23
            start += 4
        }
    }

    /// The butterflies of two stages over one group of `4 × half`, four at a time: those of
    /// span 2·half (twiddles `wr`, `wi`) over both its halves, then those of span 4·half
    /// (`nextWr`, `nextWi`). Each value goes through exactly the arithmetic of the two stages
    /// run one after the other; `half` a multiple of 4.
    @inline(__always)
    private static func twoStages4(
        _ re: UnsafeMutablePointer<Scalar>, _ im: UnsafeMutablePointer<Scalar>, half: Int,
        wr: UnsafePointer<Scalar>, wi: UnsafePointer<Scalar>, nextWr: UnsafePointer<Scalar>, nextWi: UnsafePointer<Scalar>
    ) {
        var k = 0
        while k < half {
            let cosine = wr.loadVector(at: k), sine = wi.loadVector(at: k)
            var r0 = re.loadVector(at: k), i0 = im.loadVector(at: k)
            var r1 = re.loadVector(at: k + half), i1 = im.loadVector(at: k + half)
            var r2 = re.loadVector(at: k + 2 * half), i2 = im.loadVector(at: k + 2 * half)
            var r3 = re.loadVector(at: k + 3 * half), i3 = im.loadVector(at: k + 3 * half)
            // Span 2·half: (0, 1) and (2, 3), by the same twiddle.
            var tr = r1 * cosine - i1 * sine, ti = r1 * sine + i1 * cosine
            (r1, i1, r0, i0) = (r0 - tr, i0 - ti, r0 + tr, i0 + ti)
            tr = r3 * cosine - i3 * sine
            ti = r3 * sine + i3 * cosine
            (r3, i3, r2, i2) = (r2 - tr, i2 - ti, r2 + tr, i2 + ti)
            // Span 4·half: (0, 2) by its k-th twiddle, (1, 3) by its (half + k)-th.
            let cosine0 = nextWr.loadVector(at: k), sine0 = nextWi.loadVector(at: k)
            let cosine1 = nextWr.loadVector(at: k + half), sine1 = nextWi.loadVector(at: k + half)
            tr = r2 * cosine0 - i2 * sine0
            ti = r2 * sine0 + i2 * cosine0
            re.storeVector(r0 - tr, at: k + 2 * half)
            im.storeVector(i0 - ti, at: k + 2 * half)
            re.storeVector(r0 + tr, at: k)
            im.storeVector(i0 + ti, at: k)
            tr = r3 * cosine1 - i3 * sine1
            ti = r3 * sine1 + i3 * cosine1
            re.storeVector(r1 - tr, at: k + 3 * half)
            im.storeVector(i1 - ti, at: k + 3 * half)
            re.storeVector(r1 + tr, at: k + half)
            im.storeVector(i1 + ti, at: k + half)
            k += 4
        }
    }

    /// The butterflies of one group, four at a time: `half` a multiple of 4.
    @inline(__always)
    private static func butterflies4(
        _ re: UnsafeMutablePointer<Scalar>, _ im: UnsafeMutablePointer<Scalar>, half: Int,
        wr: UnsafePointer<Scalar>, wi: UnsafePointer<Scalar>
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
