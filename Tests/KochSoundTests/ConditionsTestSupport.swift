import Foundation
import KochCore

@testable import KochSound

/// Spectral measurements for the band-condition tests: Welch's method
/// (Hann-windowed segments of 1024 samples, averaged periodograms), so
/// that band powers are steady to a few hundredths of a dB on a few
/// seconds of audio.
enum Spectrum {
    static let segment = 1024

    /// Power per bin, one-sided (bins 0...segment/2), scaled so that the
    /// sum over all bins is the mean power of the signal.
    static func welch(_ x: [Float]) -> [Double] {
        let window = (0..<segment).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(segment)) }
        let windowPower = window.reduce(0) { $0 + $1 * $1 }
        var power = [Double](repeating: 0, count: segment / 2 + 1)
        var count = 0
        var start = 0
        while start + segment <= x.count {
            var re = (0..<segment).map { Double(x[start + $0]) * window[$0] }
            var im = [Double](repeating: 0, count: segment)
            fft(&re, &im)
            for k in 0...segment / 2 {
                let p = (re[k] * re[k] + im[k] * im[k]) / (windowPower * Double(segment))
                power[k] += (k == 0 || k == segment / 2) ? p : 2 * p
            }
            count += 1
            start += segment / 2
        }
        return power.map { $0 / Double(max(count, 1)) }
    }

    /// The power between two frequencies, from a `welch` spectrum.
    static func bandPower(_ spectrum: [Double], sampleRate: Int, fromHz low: Double, toHz high: Double) -> Double {
        let binHz = Double(sampleRate) / Double(segment)
        return spectrum.indices.filter { Double($0) * binHz >= low && Double($0) * binHz <= high }.reduce(0) { $0 + spectrum[$1] }
    }

    static func peakHz(_ spectrum: [Double], sampleRate: Int) -> Double {
        let index = spectrum.indices.dropFirst().max { spectrum[$0] < spectrum[$1] } ?? 0
        return Double(index) * Double(sampleRate) / Double(segment)
    }

    /// In-place iterative radix-2 FFT.
    static func fft(_ re: inout [Double], _ im: inout [Double]) {
        let n = re.count
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 {
                j ^= bit
                bit >>= 1
            }
            j |= bit
            if i < j {
                re.swapAt(i, j)
                im.swapAt(i, j)
            }
        }
        var length = 2
        while length <= n {
            let angle = -2 * Double.pi / Double(length)
            for start in stride(from: 0, to: n, by: length) {
                for k in 0..<length / 2 {
                    let wr = cos(angle * Double(k)), wi = sin(angle * Double(k))
                    let a = start + k, b = a + length / 2
                    let tr = re[b] * wr - im[b] * wi
                    let ti = re[b] * wi + im[b] * wr
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                }
            }
            length <<= 1
        }
    }
}

enum ConditionsSignals {
    /// A keyed text at 8 kHz, as a lesson would sound without conditions.
    static func lesson(seconds: Double, sampleRate: Int = 8000, toneHz: Double = 600) -> (samples: [Float], synthesizer: ToneSynthesizer) {
        let text = MorseText(words: Array(repeating: "PARIS".compactMap { MorseAlphabet.symbol(for: $0) }, count: 100))
        let synthesizer = ToneSynthesizer(frequencyHz: toneHz, sampleRate: sampleRate)
        var samples = synthesizer.render(Timeline(text: text, timing: Timing(characterSpeedWPM: 20)))
        samples = Array(samples.prefix(Int(seconds * Double(sampleRate))))
        return (samples, synthesizer)
    }

    /// A steady tone (the key held down), starting at phase 0.
    static func tone(seconds: Double, amplitude: Double, sampleRate: Int = 8000, toneHz: Double = 600) -> [Float] {
        let omega = 2 * Double.pi * toneHz / Double(sampleRate)
        return (0..<Int(seconds * Double(sampleRate))).map { Float(amplitude * sin(omega * Double($0))) }
    }
}
