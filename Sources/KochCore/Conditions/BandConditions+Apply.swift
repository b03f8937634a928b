import Dispatch
import Foundation

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
        samples.withUnsafeMutableBufferPointer { buffer in
            if let qsb, qsb.depthDB > 0 {
                let envelope = FadingEnvelope(
                    qsb: qsb, lengthSamples: buffer.count, sampleRate: sampleRate,
                    seed: SeededGenerator.derivedSeed(seed, index: 3))
                envelope.apply(to: buffer)
            }
            QRMRenderer.add(qrm, into: buffer, sampleRate: sampleRate, toneHz: toneHz, signalPeakAmplitude: amplitude, seed: seed)
            let mixedPeak: Float
            if let qrn {
                let crackle = Crackle(
                    lengthSamples: buffer.count, sampleRate: sampleRate, perSecond: qrn.cracklePerSecond,
                    peakAmplitude: amplitude * pow(10, qrn.crackleLevelDB / 20), seed: SeededGenerator.derivedSeed(seed, index: 2))
                let passband = ReceiverPassband(widthHz: qrn.receiverFilterWidthHz, toneHz: toneHz, sampleRate: sampleRate)
                let gain = Float(Self.noiseGain(qrn: qrn, amplitude: amplitude, sampleRate: sampleRate, toneHz: toneHz))
                mixedPeak = Self.addNoise(
                    into: buffer, gain: gain, crackle: crackle, passband: passband, sampleRate: sampleRate,
                    seed: SeededGenerator.derivedSeed(seed, index: 1))
            } else {
                mixedPeak = Self.peak(of: UnsafeBufferPointer(buffer))
            }
            if mixedPeak > Self.peakLimit {
                Self.scale(buffer, by: Self.peakLimit / mixedPeak)
            }
        }
    }

    static let noiseBlockSamples = 1 << 16
    /// Pink noise is drawn in stretches of this many samples, each from its own seed, so that the
    /// stretch before a block (the filter's warm-up) is made without the whole block before it.
    static let noiseStretchSamples = 1 << 13

    /// Adds the band noise (pink noise times `gain`, and the crackle) through the receiver's
    /// passband, block by block on every core, and returns the peak of the result.
    ///
    /// The pink noise is drawn in stretches of 8192 samples, each from its own seed; the filter
    /// runs over the stretch before a block first (drawn again from that stretch's seed), so that
    /// it enters the block as it would have run through the whole file (its response dies away
    /// within a few hundred samples), and the result does not depend on the number of cores.
    private static func addNoise(
        into buffer: UnsafeMutableBufferPointer<Float>, gain: Float, crackle: Crackle, passband: ReceiverPassband, sampleRate: Int, seed: UInt64
    ) -> Float {
        let blockCount = (buffer.count + noiseBlockSamples - 1) / noiseBlockSamples
        var peaks = [Float](repeating: 0, count: blockCount)
        peaks.withUnsafeMutableBufferPointer { peaks in
            let shared = DisjointBlocks(samples: buffer, peaks: peaks)
            DispatchQueue.concurrentPerform(iterations: blockCount) { block in
                let slice = shared.block(block)
                let blockStart = block * noiseBlockSamples
                // The filter warms up over the stretch of noise just before the block.
                let start = max(0, blockStart - noiseStretchSamples)
                var bed = [Float](repeating: 0, count: blockStart + slice.count - start)
                bed.withUnsafeMutableBufferPointer { bed in
                    var stretch = start / noiseStretchSamples
                    while stretch * noiseStretchSamples < start + bed.count {
                        let from = stretch * noiseStretchSamples - start
                        let to = min(bed.count, from + noiseStretchSamples)
                        var noise = PinkNoise(sampleRate: sampleRate, seed: SeededGenerator.derivedSeed(seed, index: stretch))
                        noise.add(into: UnsafeMutableBufferPointer(rebasing: bed[from..<to]), gain: gain)
                        stretch += 1
                    }
                    crackle.add(into: bed, offset: start)
                    var filter = passband
                    filter.process(bed)
                    let own = bed.count - slice.count
                    for n in slice.indices { slice[n] += bed[own + n] }
                }
                shared.peaks[block] = peak(of: UnsafeBufferPointer(slice))
            }
        }
        return peaks.max() ?? 0
    }

    /// Multiplies every sample by `gain`, block by block on every core.
    private static func scale(_ buffer: UnsafeMutableBufferPointer<Float>, by gain: Float) {
        let blockCount = (buffer.count + noiseBlockSamples - 1) / noiseBlockSamples
        let shared = DisjointBlocks(samples: buffer, peaks: UnsafeMutableBufferPointer(start: nil, count: 0))
        DispatchQueue.concurrentPerform(iterations: blockCount) { block in
            let slice = shared.block(block)
            for n in slice.indices { slice[n] *= gain }
        }
    }

    /// The buffer seen by the workers: each block is written by one worker only.
    private struct DisjointBlocks: @unchecked Sendable {
        let samples: UnsafeMutableBufferPointer<Float>
        let peaks: UnsafeMutableBufferPointer<Float>

        func block(_ index: Int) -> UnsafeMutableBufferPointer<Float> {
            let start = index * BandConditions.noiseBlockSamples
            let end = min(samples.count, start + BandConditions.noiseBlockSamples)
            return UnsafeMutableBufferPointer(rebasing: samples[start..<end])
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
