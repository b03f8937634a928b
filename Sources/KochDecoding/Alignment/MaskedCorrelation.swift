/// The correlation coefficient of a reference with a signal at every lag, counting only the
/// reference's frames that matter (a mask) and the signal's frames that exist, by FFT
/// (Padfield, "Masked object registration in the Fourier domain", IEEE Trans. Image
/// Processing 21(5), 2012): a whole recording's lags in a few transforms.
struct MaskedCorrelation {
    /// The signal, as transformed once for every reference compared with it.
    private let fft: FFT<Double>
    private let signalLength: Int
    private let present: Spectrum
    private let signal: Spectrum
    private let squared: Spectrum

    private struct Spectrum {
        var real: [Double]
        var imaginary: [Double]
    }

    /// `signal` against references of up to `longestReference` frames.
    init(signal values: [Double], longestReference: Int) {
        let fft = FFT<Double>(length: values.count + longestReference)
        self.fft = fft
        signalLength = values.count
        present = Self.transformed([Double](repeating: 1, count: values.count), by: fft)
        signal = Self.transformed(values, by: fft)
        squared = Self.transformed(values.map { $0 * $0 }, by: fft)
    }

    /// For each lag `k` from `-(reference.count - 1)` to `signal.count - 1` (index `k +
    /// reference.count - 1`), the correlation of `reference[m]` with `signal[k + m]` over the
    /// frames `m` where `counts[m]` and the signal exists; nil where fewer than `fewestFrames` count.
    func coefficients(reference: [Double], counts: [Bool], fewestFrames: Int) -> [Double?] {
        let weights = counts.map { $0 ? 1.0 : 0.0 }
        let weighted = zip(reference, weights).map { $0 * $1 }
        let (frames, referenceSums) = correlations(weights, weighted, with: present)
        let (signalSums, squareSums) = correlations(weights, weights, with: signal, and: squared)
        let (products, _) = correlations(weighted, weighted, with: signal)
        let p = fft.length
        return (-(reference.count - 1)..<signalLength).map { lag -> Double? in
            let index = (lag + p) % p
            let n = frames[index].rounded()
            guard n >= Double(max(fewestFrames, 2)) else { return nil }
            let sumR = referenceSums[index]
            let sumE = signalSums[index]
            let covariance = products[index] - sumR * sumE / n
            let varianceR = sumR - sumR * sumR / n
            let varianceE = squareSums[index] - sumE * sumE / n
            guard varianceR > 1e-9, varianceE > 1e-12 else { return nil }
            return covariance / (varianceR * varianceE).squareRoot()
        }
    }

    /// Σ_m a[m]·x[k + m] and Σ_m b[m]·y[k + m] at every lag `k` (modulo the transform's length),
    /// both by one inverse transform, since both are real.
    private func correlations(_ a: [Double], _ b: [Double], with x: Spectrum, and y: Spectrum? = nil) -> ([Double], [Double]) {
        let first = Self.transformed(a, by: fft)
        let second = a == b ? first : Self.transformed(b, by: fft)
        let y = y ?? x
        var real = [Double](repeating: 0, count: fft.length)
        var imaginary = [Double](repeating: 0, count: fft.length)
        for index in 0..<fft.length {
            // conj(A)·X + i·conj(B)·Y
            let ar = first.real[index] * x.real[index] + first.imaginary[index] * x.imaginary[index]
            let ai = first.real[index] * x.imaginary[index] - first.imaginary[index] * x.real[index]
            let br = second.real[index] * y.real[index] + second.imaginary[index] * y.imaginary[index]
            let bi = second.real[index] * y.imaginary[index] - second.imaginary[index] * y.real[index]
            // The inverse as the forward transform of the conjugate, conjugated.
            real[index] = ar - bi
            imaginary[index] = -(ai + br)
        }
        fft.transform(real: &real, imaginary: &imaginary)
        let scale = 1 / Double(fft.length)
        return (real.map { $0 * scale }, imaginary.map { -$0 * scale })
    }

    private static func transformed(_ values: [Double], by fft: FFT<Double>) -> Spectrum {
        var real = values + [Double](repeating: 0, count: fft.length - values.count)
        var imaginary = [Double](repeating: 0, count: fft.length)
        fft.transform(real: &real, imaginary: &imaginary)
        return Spectrum(real: real, imaginary: imaginary)
    }
}
