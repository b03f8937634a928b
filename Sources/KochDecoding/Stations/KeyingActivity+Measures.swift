import Foundation

extension KeyingActivity {
    /// The pitch keyed in `span` (seconds): the peak of the baseband's spectrum within
    /// `pitchSearchHz` of the activity's pitch, found by a zero-padded FFT and refined to a tenth
    /// of its bin. Over a few seconds of keying a station's line stands a fraction of a hertz
    /// wide: two stations 5 Hz apart are told apart by it, over by over.
    func pitchHz(in span: ClosedRange<Double>) -> Double {
        let from = max(0, Int(span.lowerBound * Self.basebandRate)), to = min(real.count, Int(span.upperBound * Self.basebandRate))
        guard to - from > 1 else { return toneHz }
        let fft = FFT<Double>(length: max(4096, 4 * (to - from)))
        var spectrumReal = Array(real[from..<to]) + Array(repeating: 0, count: fft.length - (to - from))
        var spectrumImaginary = Array(imaginary[from..<to]) + Array(repeating: 0, count: fft.length - (to - from))
        fft.transform(real: &spectrumReal, imaginary: &spectrumImaginary)
        let binHz = Self.basebandRate / Double(fft.length)
        let reach = Int(Self.pitchSearchHz / binHz)
        let bins = (-reach...reach).map { ($0 + fft.length) % fft.length }
        let peak = bins.max { power(spectrumReal, spectrumImaginary, $0) < power(spectrumReal, spectrumImaginary, $1) } ?? 0
        let peakHz = Double(peak > fft.length / 2 ? peak - fft.length : peak) * binHz
        func powerAt(offsetHz offset: Double) -> Double {
            let step = 2 * Double.pi * offset / Self.basebandRate
            var sumReal = 0.0, sumImaginary = 0.0
            for index in from..<to {
                let angle = -step * Double(index - from)
                let (c, s) = (cos(angle), sin(angle))
                sumReal += real[index] * c - imaginary[index] * s
                sumImaginary += real[index] * s + imaginary[index] * c
            }
            return sumReal * sumReal + sumImaginary * sumImaginary
        }
        let refined = stride(from: peakHz - binHz, through: peakHz + binHz, by: binHz / 10).map { ($0, powerAt(offsetHz: $0)) }
        return toneHz + (refined.max { $0.1 < $1.1 }?.0 ?? peakHz)
    }

    private func power(_ real: [Double], _ imaginary: [Double], _ bin: Int) -> Double {
        real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
    }

    /// How far from the activity's pitch `pitchHz(in:)` looks for a station's line.
    static let pitchSearchHz = 60.0

    /// The median level of the keyed frames in `span`, in dB: how loud the station is keyed.
    func levelDB(in span: ClosedRange<Double>) -> Double? {
        let keyed = levelsDB.indices.filter { span.contains(seconds(ofFrame: $0)) && levelsDB[$0] > thresholdDB }.map { levelsDB[$0] }.sorted()
        return keyed.isEmpty ? nil : keyed[keyed.count / 2]
    }
}
