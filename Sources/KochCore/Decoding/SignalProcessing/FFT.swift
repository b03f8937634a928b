import Foundation

/// An in-place radix-2 complex FFT of one fixed power-of-two length, with
/// its twiddle factors and bit-reversal table computed once.
/// X[k] = Σ x[n]·e^(−2πi·kn/N), unscaled.
public struct FFT: Sendable {
    public let length: Int
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
        cosines = (0..<length / 2).map { cos(2 * Double.pi * Double($0) / Double(length)) }
        sines = (0..<length / 2).map { -sin(2 * Double.pi * Double($0) / Double(length)) }
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
                        for index in 0..<n {
                            let other = reversed[index]
                            if other > index {
                                re.swapAt(index, other)
                                im.swapAt(index, other)
                            }
                        }
                        var size = 2
                        while size <= n {
                            let half = size / 2
                            let step = n / size
                            var start = 0
                            while start < n {
                                for k in 0..<half {
                                    let wr = cosines[k * step], wi = sines[k * step]
                                    let a = start + k, b = a + half
                                    let tr = re[b] * wr - im[b] * wi
                                    let ti = re[b] * wi + im[b] * wr
                                    re[b] = re[a] - tr
                                    im[b] = im[a] - ti
                                    re[a] += tr
                                    im[a] += ti
                                }
                                start += size
                            }
                            size *= 2
                        }
                    }
                }
            }
        }
    }
}
