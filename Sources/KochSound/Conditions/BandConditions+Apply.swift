import Dispatch
import Foundation
import KochCore

extension BandConditions {
    /// The samples as heard through these conditions, made the same for the same seed.
    ///
    /// In order: the wanted signal is faded by the QSB gain (the signal
    /// only, never the noise or the other stations); each QRM station is
    /// mixed in; then the band noise, pink noise over the whole length,
    /// silences included, as a receiver hisses between overs, with the
    /// crackle, both through the receiver's passband (`ReceiverPassband`),
    /// the pink noise scaled so that its power within ±250 Hz of `toneHz`,
    /// after the filter, meets the asked SNR against the unfaded signal. Each part draws from its own stream
    /// derived from `seed`, so that turning one on or off does not change
    /// the others; the noise is drawn in stretches of 8192 samples, each
    /// from its own derived seed, and made in blocks of 65536 samples on
    /// several cores, the result not depending on how many there are.
    ///
    /// The reference amplitude A (the key-down peak of the wanted tone) is
    /// `signalPeakAmplitude` if given (pass the synthesizer's
    /// `peakAmplitude`), else the largest sample of `samples`, else −3 dBFS
    /// for silent input.
    ///
    /// If the mix would peak above −1 dBFS (`peakLimit`), the whole mix is
    /// scaled down by one gain, so that no sample clips and the SNR and
    /// the levels of the stations relative to each other stay as asked.
    public func apply(
        to samples: [Float], sampleRate: Int, toneHz: Double, seed: UInt64, signalPeakAmplitude: Double? = nil
    ) -> [Float] {
        var output = samples
        apply(to: &output, sampleRate: sampleRate, toneHz: toneHz, seed: seed, signalPeakAmplitude: signalPeakAmplitude)
        return output
    }

    /// Applies the conditions in place, without copying the samples (see `apply(to:sampleRate:toneHz:seed:signalPeakAmplitude:)`).
    public func apply(
        to samples: inout [Float], sampleRate: Int, toneHz: Double, seed: UInt64, signalPeakAmplitude: Double? = nil
    ) {
        guard !isClear, !samples.isEmpty, sampleRate > 0 else { return }
        let amplitude: Double
        if let signalPeakAmplitude {
            amplitude = signalPeakAmplitude
        } else {
            let peak = samples.withUnsafeBufferPointer { Double(Self.peak(of: $0)) }
            amplitude = peak > 0 ? peak : 0.708
        }
        let mix = BandMix(self, lengthSamples: samples.count, sampleRate: sampleRate, toneHz: toneHz, seed: seed, amplitude: amplitude)
        samples.withUnsafeMutableBufferPointer { buffer in
            let blocks = DisjointBlocks(samples: buffer)
            let peaks = concurrentMap(mix.blockCount) { index -> Float in
                let block = blocks.block(mix.blockRange(index))
                mix.mix(into: block, index: index)
                return Self.peak(of: UnsafeBufferPointer(block))
            }
            let mixedPeak = peaks.max() ?? 0
            if let gain = Self.limitingGain(peak: mixedPeak) {
                DispatchQueue.concurrentPerform(iterations: mix.blockCount) { index in
                    let block = blocks.block(mix.blockRange(index))
                    for n in block.indices { block[n] *= gain }
                }
            }
        }
    }

    /// The one gain that brings a mix peaking at `peak` down to `peakLimit`; nil if it peaks no higher.
    static func limitingGain(peak: Float) -> Float? {
        peak > peakLimit ? peakLimit / peak : nil
    }

    /// The buffer seen by the workers: each block is written by one worker only.
    private struct DisjointBlocks: @unchecked Sendable {
        let samples: UnsafeMutableBufferPointer<Float>

        func block(_ range: Range<Int>) -> UnsafeMutableBufferPointer<Float> {
            UnsafeMutableBufferPointer(rebasing: samples[range])
        }
    }

    /// The gain on `PinkNoise` that puts (A²/2) / N₅₀₀ at the asked SNR.
    static func noiseGain(qrn: QRN, amplitude: Double, sampleRate: Int, toneHz: Double) -> Double {
        let half = QRN.measurementBandwidthHz / 2
        let passband = ReceiverPassband(widthHz: qrn.receiverFilterWidthHz, toneHz: toneHz, sampleRate: sampleRate)
        let bandPower = PinkNoise.bandPower(fromHz: toneHz - half, toHz: toneHz + half, sampleRate: sampleRate) {
            passband.powerGain(atHz: $0, sampleRate: sampleRate)
        }
        guard bandPower > 0 else { return 0 }
        let wantedNoisePower = amplitude * amplitude / 2 / pow(10, qrn.snrDB / 10)
        return (wantedNoisePower / bandPower).squareRoot()
    }

    /// The largest magnitude; written with comparisons rather than max()
    /// so that the loop vectorises.
    static func peak(of samples: UnsafeBufferPointer<Float>) -> Float {
        var high: Float = 0
        var low: Float = 0
        for sample in samples {
            high = sample > high ? sample : high
            low = sample < low ? sample : low
        }
        return max(high, -low)
    }
}
