import Foundation
import KochCore

/// Turns a timeline into samples of a keyed sine tone.
///
/// Each element is shaped with a raised-cosine (sin²) edge of `riseSeconds`
/// centred on the nominal key-down and key-up instants, so the envelope
/// crosses half amplitude exactly on the sample the timeline names and the
/// element's length at half amplitude is its nominal length. The shaped
/// edges keep the spectrum narrow (no key clicks). The oscillator runs
/// phase-continuously from the first sample, and every sample outside an
/// element is exactly zero.
public struct ToneSynthesizer: Sendable {
    public let frequencyHz: Double
    public let sampleRate: Int
    public let riseSeconds: Double
    /// Peak amplitude, 1.0 being full scale; 0.708 is −3 dBFS.
    public let peakAmplitude: Double

    public init(
        frequencyHz: Double, sampleRate: Int, riseSeconds: Double = LessonSettings.Defaults.riseMilliseconds / 1000, peakAmplitude: Double = 0.708
    ) {
        self.frequencyHz = frequencyHz
        self.sampleRate = sampleRate
        self.riseSeconds = riseSeconds
        self.peakAmplitude = peakAmplitude
    }

    /// The sample at which an instant falls.
    public func sampleIndex(_ seconds: Double) -> Int {
        Int((seconds * Double(sampleRate)).rounded())
    }

    /// Samples of the whole timeline, silence included.
    public func render(_ timeline: Timeline) -> [Float] {
        var samples = [Float](repeating: 0, count: sampleIndex(timeline.durationSeconds))
        samples.withUnsafeMutableBufferPointer { add(timeline, into: $0) }
        return samples
    }

    /// Adds the timeline's tone into `buffer`, its time 0 at sample
    /// `offsetSamples`; what falls outside the buffer is left out. The
    /// oscillator's phase counts from the buffer's first sample.
    public func add(_ timeline: Timeline, into buffer: UnsafeMutableBufferPointer<Float>, offsetSamples: Int = 0) {
        KeyedTone(self, timeline: timeline, offsetSamples: offsetSamples, totalSamples: buffer.count).add(into: buffer, startSample: 0)
    }

    /// Samples of key-down stretches (a keyer's elements, a straight key's marks), from time 0
    /// to `durationSeconds`.
    public func render(_ elements: [KeyedElement], durationSeconds: Double) -> [Float] {
        let count = sampleIndex(durationSeconds)
        var samples = [Float](repeating: 0, count: count)
        let tone = KeyedTone(self, keyDown: elements.map { ($0.startSeconds, $0.endSeconds) }, totalSamples: count)
        samples.withUnsafeMutableBufferPointer { tone.add(into: $0, startSample: 0) }
        return samples
    }

    /// The rising half of the envelope, sampled at whole samples; its
    /// midpoint (0.5) falls exactly half its length after its start.
    func risingEdge(maximumLengthSamples: Int) -> [Double] {
        var length = Int((riseSeconds * Double(sampleRate)).rounded())
        length = min(length, maximumLengthSamples)
        length -= length % 2
        guard length >= 2 else { return [] }
        return (0..<length).map { k in
            let s = sin(Double.pi / 2 * Double(k) / Double(length))
            return s * s
        }
    }
}
