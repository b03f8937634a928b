import Foundation
import KochCore

/// Band conditions laid out over a recording of known length, so that any
/// block of it can be mixed on its own and comes out as it would in the
/// whole: the fading, every interfering transmission and the crashes are
/// drawn once for the whole length, and the band noise is drawn in
/// stretches of its own seeds (see `BandConditions.apply`).
struct BandMix: Sendable {
    /// Blocks are mixed this many samples at a time (the last may be shorter).
    static let blockSamples = 1 << 16
    /// Pink noise is drawn in stretches of this many samples, each from its own seed, so that the
    /// stretch before a block (the filter's warm-up) is made without the whole block before it.
    static let noiseStretchSamples = 1 << 13

    /// The band noise: pink noise times `gain` and the crackle, through the receiver's passband.
    struct Noise: Sendable {
        let gain: Float
        let crackle: Crackle
        let passband: ReceiverPassband
        let seed: UInt64
    }

    let lengthSamples: Int
    let sampleRate: Int
    let fading: FadingEnvelope?
    /// Every QRM transmission, station by station.
    let interference: [KeyedTone]
    let noise: Noise?

    /// `amplitude`: the key-down peak of the wanted tone, which the SNR and the stations' levels refer to.
    init(_ conditions: BandConditions, lengthSamples: Int, sampleRate: Int, toneHz: Double, seed: UInt64, amplitude: Double) {
        self.lengthSamples = lengthSamples
        self.sampleRate = sampleRate
        fading = conditions.qsb.flatMap { qsb in
            qsb.depthDB > 0
                ? FadingEnvelope(
                    qsb: qsb, lengthSamples: lengthSamples, sampleRate: sampleRate, seed: SeededGenerator.derivedSeed(seed, index: 3))
                : nil
        }
        interference = QRMRenderer.transmissions(
            conditions.qrm, lengthSamples: lengthSamples, sampleRate: sampleRate, toneHz: toneHz, signalPeakAmplitude: amplitude,
            seed: seed)
        noise = conditions.qrn.map { qrn in
            Noise(
                gain: Float(BandConditions.noiseGain(qrn: qrn, amplitude: amplitude, sampleRate: sampleRate, toneHz: toneHz)),
                crackle: Crackle(
                    lengthSamples: lengthSamples, sampleRate: sampleRate, perSecond: qrn.cracklePerSecond,
                    peakAmplitude: amplitude * pow(10, qrn.crackleLevelDB / 20), seed: SeededGenerator.derivedSeed(seed, index: 2)),
                passband: ReceiverPassband(widthHz: qrn.receiverFilterWidthHz, toneHz: toneHz, sampleRate: sampleRate),
                seed: SeededGenerator.derivedSeed(seed, index: 1))
        }
    }

    var blockCount: Int { (lengthSamples + Self.blockSamples - 1) / Self.blockSamples }

    /// The samples of block `index`.
    func blockRange(_ index: Int) -> Range<Int> {
        index * Self.blockSamples..<min(lengthSamples, (index + 1) * Self.blockSamples)
    }

    /// Mixes block `index` in place: `block` holds the wanted signal's
    /// samples of that block, and gets the signal faded, then each station,
    /// then the band noise.
    func mix(into block: UnsafeMutableBufferPointer<Float>, index: Int) {
        let range = blockRange(index)
        precondition(block.count == range.count, "a block of the mix is mixed whole")
        fading?.apply(to: block, startSample: range.lowerBound)
        for transmission in interference { transmission.add(into: block, startSample: range.lowerBound) }
        if let noise { addNoise(noise, into: block, startSample: range.lowerBound) }
    }

    /// Adds the band noise to a block. The filter runs over the stretch of
    /// noise just before the block first (drawn again from that stretch's
    /// seed), so that it enters the block as it would have run through the
    /// whole recording (its response dies away within a few hundred samples).
    private func addNoise(_ noise: Noise, into block: UnsafeMutableBufferPointer<Float>, startSample: Int) {
        let stretchSamples = Self.noiseStretchSamples
        let start = max(0, startSample - stretchSamples)
        var bed = [Float](repeating: 0, count: startSample + block.count - start)
        bed.withUnsafeMutableBufferPointer { bed in
            var stretch = start / stretchSamples
            while stretch * stretchSamples < start + bed.count {
                let from = stretch * stretchSamples - start
                let to = min(bed.count, from + stretchSamples)
                var pink = PinkNoise(sampleRate: sampleRate, seed: SeededGenerator.derivedSeed(noise.seed, index: stretch))
                pink.add(into: UnsafeMutableBufferPointer(rebasing: bed[from..<to]), gain: noise.gain)
                stretch += 1
            }
            noise.crackle.add(into: bed, offset: start)
            var filter = noise.passband
            filter.process(bed)
            let own = bed.count - block.count
            for n in block.indices { block[n] += bed[own + n] }
        }
    }
}
