import Dispatch
import Foundation
import KochCore

/// A lesson's sound, the keyed tone (and the spoken answers, when there are
/// any) heard through the band's conditions, made a block at a time on
/// demand: however long the lesson, only the blocks being written are held.
/// Any stretch comes out sample for sample as rendering the tone, adding the
/// speech and applying `BandConditions.apply` would make it for the whole.
///
/// A mix that would peak above −1 dBFS is scaled down by one gain; to know
/// it, the mix is made once ahead, block by block on every core, keeping
/// only each block's peak.
public struct MixedSound: Sendable {
    /// Stretches aligned to this many samples are made without waste.
    public static let blockSamples = BandMix.blockSamples

    public let sampleCount: Int
    public var sampleRate: Int { tone.synthesizer.sampleRate }
    private let tone: KeyedTone
    /// A spoken lesson's answers, added beside the tone (before the limiting gain).
    private let speech: SpeechLayer?
    private let mix: BandMix?
    /// The gain that keeps the mix under −1 dBFS; nil when it needs none.
    private let limitingGain: Float?
    /// The first blocks of the mix as made ahead (before the limiting gain), kept rather than made again.
    private let keptBlocks: [[Float]]
    /// The whole mix made ahead is kept when it is this many samples or fewer (64 MB: a
    /// lesson of six minutes at 44.1 kHz), so that it is made once...
    public static let keptWholeUpToSamples = 1 << 24
    /// ...and of a longer one, the first this many (32 MB), the rest made again as it is written.
    public static let keptOfALongerOne = 1 << 23

    /// How much of a mix of `sampleCount` samples made ahead is kept, by default.
    public static func defaultKeptSamples(sampleCount: Int) -> Int {
        sampleCount <= keptWholeUpToSamples ? sampleCount : keptOfALongerOne
    }

    /// The timeline keyed by `synthesizer`, through `conditions` drawn from
    /// `seed`; up to `keptSamples` of the mix made ahead are kept (by default
    /// `defaultKeptSamples`: memory stays under 100 MB whatever the length).
    /// `speech`, when given, is heard beside the tone and through the same conditions.
    public init(
        timeline: Timeline, synthesizer: ToneSynthesizer, conditions: BandConditions = .clear, seed: UInt64 = 0,
        keptSamples: Int? = nil, speech: SpeechLayer? = nil
    ) {
        sampleCount = synthesizer.sampleIndex(timeline.durationSeconds)
        let keptSamples = keptSamples ?? Self.defaultKeptSamples(sampleCount: sampleCount)
        tone = KeyedTone(synthesizer, timeline: timeline, totalSamples: sampleCount)
        let speech = speech?.isEmpty == false ? speech : nil
        self.speech = speech
        guard !conditions.isClear, sampleCount > 0, synthesizer.sampleRate > 0 else {
            mix = nil
            limitingGain = nil
            keptBlocks = []
            return
        }
        let mix = BandMix(
            conditions, lengthSamples: sampleCount, sampleRate: synthesizer.sampleRate, toneHz: synthesizer.frequencyHz, seed: seed,
            amplitude: synthesizer.peakAmplitude)
        let tone = tone
        let keptCount = min(mix.blockCount, (max(0, keptSamples) + Self.blockSamples - 1) / Self.blockSamples)
        // Each block's peak, and the block itself while it is among those kept.
        let madeAhead = concurrentMap(mix.blockCount) { index -> (peak: Float, block: [Float]?) in
            var block = [Float](repeating: 0, count: mix.blockRange(index).count)
            let peak = block.withUnsafeMutableBufferPointer { block in
                Self.unlimited(block: index, tone: tone, speech: speech, mix: mix, into: block)
                return BandConditions.peak(of: UnsafeBufferPointer(block))
            }
            return (peak, index < keptCount ? block : nil)
        }
        let peak = madeAhead.map(\.peak).max() ?? 0
        self.mix = mix
        keptBlocks = madeAhead.prefix(keptCount).compactMap(\.block)
        limitingGain = BandConditions.limitingGain(peak: peak)
    }

    /// Writes samples `range` into `buffer` (as long as the range); a
    /// stretch of several blocks is made on every core.
    public func render(_ range: Range<Int>, into buffer: UnsafeMutableBufferPointer<Float>) {
        precondition(range.count == buffer.count && range.lowerBound >= 0 && range.upperBound <= sampleCount)
        guard !range.isEmpty else { return }
        let firstBlock = range.lowerBound / Self.blockSamples
        let lastBlock = (range.upperBound - 1) / Self.blockSamples
        let output = SharedBuffer(samples: buffer)
        let work: @Sendable (Int) -> Void = { index in
            let blockRange = index * Self.blockSamples..<min(sampleCount, (index + 1) * Self.blockSamples)
            let wanted = blockRange.clamped(to: range)
            let destination = UnsafeMutableBufferPointer(
                rebasing: output.samples[(wanted.lowerBound - range.lowerBound)..<(wanted.upperBound - range.lowerBound)])
            if wanted == blockRange {
                renderBlock(index, into: destination)
            } else {
                var block = [Float](repeating: 0, count: blockRange.count)
                block.withUnsafeMutableBufferPointer { block in
                    renderBlock(index, into: block)
                    for n in wanted { destination[n - wanted.lowerBound] = block[n - blockRange.lowerBound] }
                }
            }
        }
        if firstBlock == lastBlock {
            work(firstBlock)
        } else {
            DispatchQueue.concurrentPerform(iterations: lastBlock - firstBlock + 1) { work(firstBlock + $0) }
        }
    }

    /// Every sample at once (for short sounds and tests).
    public func samples() -> [Float] {
        var samples = [Float](repeating: 0, count: sampleCount)
        samples.withUnsafeMutableBufferPointer { render(0..<sampleCount, into: $0) }
        return samples
    }

    /// Block `index`, whole, into `block`.
    private func renderBlock(_ index: Int, into block: UnsafeMutableBufferPointer<Float>) {
        if index < keptBlocks.count {
            keptBlocks[index].withUnsafeBufferPointer { _ = block.update(fromContentsOf: $0) }
        } else {
            block.update(repeating: 0)
            if let mix {
                Self.unlimited(block: index, tone: tone, speech: speech, mix: mix, into: block)
            } else {
                tone.add(into: block, startSample: index * Self.blockSamples)
                speech?.add(into: block, startSample: index * Self.blockSamples)
            }
        }
        if let limitingGain {
            for n in block.indices { block[n] *= limitingGain }
        }
    }

    /// The tone and the mix of one block, before the limiting gain.
    private static func unlimited(
        block index: Int, tone: KeyedTone, speech: SpeechLayer?, mix: BandMix, into block: UnsafeMutableBufferPointer<Float>
    ) {
        tone.add(into: block, startSample: index * blockSamples)
        speech?.add(into: block, startSample: index * blockSamples)
        mix.mix(into: block, index: index)
    }

    /// The caller's buffer, written by several workers, each in its own stretch.
    private struct SharedBuffer: @unchecked Sendable {
        let samples: UnsafeMutableBufferPointer<Float>
    }
}
