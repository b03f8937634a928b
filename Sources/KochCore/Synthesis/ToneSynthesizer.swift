import Foundation

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

    public init(frequencyHz: Double, sampleRate: Int, riseSeconds: Double = 0.005, peakAmplitude: Double = 0.708) {
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
        add(keyDown: timeline.marks.map { ($0.startSeconds, $0.endSeconds) }, into: buffer, offsetSamples: offsetSamples)
    }

    /// Samples of key-down stretches (a keyer's elements, a straight key's marks), from time 0
    /// to `durationSeconds`.
    public func render(_ elements: [KeyedElement], durationSeconds: Double) -> [Float] {
        var samples = [Float](repeating: 0, count: sampleIndex(durationSeconds))
        samples.withUnsafeMutableBufferPointer { add(keyDown: elements.map { ($0.startSeconds, $0.endSeconds) }, into: $0, offsetSamples: 0) }
        return samples
    }

    /// Adds a tone for each key-down stretch, its envelope crossing half amplitude at its start and end.
    private func add(keyDown stretches: [(start: Double, end: Double)], into buffer: UnsafeMutableBufferPointer<Float>, offsetSamples: Int) {
        // The ramp fits the shortest element; a mark under 10 ms (a straight key's bounce) does not shorten it for all.
        let lengths = stretches.map { sampleIndex($0.end) - sampleIndex($0.start) }
        let shortest = lengths.filter { $0 >= sampleIndex(0.01) }.min() ?? lengths.min() ?? 0
        let ramp = risingEdge(maximumLengthSamples: shortest)
        for stretch in stretches {
            addTone(
                from: offsetSamples + sampleIndex(stretch.start), to: offsetSamples + sampleIndex(stretch.end),
                ramp: ramp, into: buffer)
        }
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

    /// Adds one element whose envelope crosses half amplitude at `start`
    /// and `end`, by a rotating phasor (two multiplications a sample).
    private func addTone(from start: Int, to end: Int, ramp: [Double], into buffer: UnsafeMutableBufferPointer<Float>) {
        let half = ramp.count / 2
        let first = max(0, start - half)
        let last = min(buffer.count, end + half)
        guard first < last else { return }
        let rampStart = start - half
        let omega = 2 * Double.pi * frequencyHz / Double(sampleRate)
        var phase = omega * Double(first)
        phase = phase.truncatingRemainder(dividingBy: 2 * .pi)
        var re = cos(phase), im = sin(phase)
        let stepRe = cos(omega), stepIm = sin(omega)
        let amplitude = peakAmplitude
        let riseEnd = start + half
        let fallStart = end - half
        for n in first..<last {
            var envelope = 1.0
            if n < riseEnd {
                envelope = ramp[n - rampStart]
            } else if n > fallStart {
                envelope = ramp[ramp.count - (n - fallStart)]
            }
            buffer[n] += Float(amplitude * envelope * im)
            let nextRe = re * stepRe - im * stepIm
            im = re * stepIm + im * stepRe
            re = nextRe
        }
    }
}
