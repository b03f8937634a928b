import Foundation
import KochCore

/// Key-down stretches placed on a recording's samples, ready to be rendered
/// a block at a time: any block comes out sample for sample as it would in
/// the whole recording rendered at once, so long audio need not be held.
///
/// Each element is shaped as `ToneSynthesizer` describes; its oscillator
/// phase counts from the recording's first sample, and its phasor runs
/// from the element's own first sample even when a block starts inside it.
public struct KeyedTone: Sendable {
    public let synthesizer: ToneSynthesizer
    /// Samples in the whole recording; tone past its end is left out.
    public let totalSamples: Int
    /// Each element's key-down and key-up samples, in order of time.
    let elements: [Range<Int>]
    /// The rising half of the envelope, shared by every element.
    let ramp: [Double]

    /// The stretches (seconds, from time 0) placed at `offsetSamples` in a recording `totalSamples` long.
    public init(
        _ synthesizer: ToneSynthesizer, keyDown stretches: [(start: Double, end: Double)], offsetSamples: Int = 0, totalSamples: Int
    ) {
        self.synthesizer = synthesizer
        self.totalSamples = totalSamples
        elements = stretches.map {
            let start = offsetSamples + synthesizer.sampleIndex($0.start)
            return start..<max(start, offsetSamples + synthesizer.sampleIndex($0.end))
        }
        // The ramp fits the shortest element; a mark under 10 ms (a straight key's bounce) does not shorten it for all.
        let lengths = elements.map(\.count)
        let shortest = lengths.filter { $0 >= synthesizer.sampleIndex(0.01) }.min() ?? lengths.min() ?? 0
        ramp = synthesizer.risingEdge(maximumLengthSamples: shortest)
    }

    /// A timeline's marks placed at `offsetSamples`.
    public init(_ synthesizer: ToneSynthesizer, timeline: Timeline, offsetSamples: Int = 0, totalSamples: Int) {
        self.init(
            synthesizer, keyDown: timeline.marks.map { ($0.startSeconds, $0.endSeconds) }, offsetSamples: offsetSamples,
            totalSamples: totalSamples)
    }

    /// Adds the tone that falls in `block`, whose first sample is sample `startSample` of the recording.
    public func add(into block: UnsafeMutableBufferPointer<Float>, startSample: Int) {
        let half = ramp.count / 2
        let window = startSample..<(startSample + block.count)
        // The elements are in order: skip those that end before the block.
        var low = 0, high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].upperBound + half <= window.lowerBound { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < elements.count, elements[index].lowerBound - half < window.upperBound {
            addElement(elements[index], into: block, window: window)
            index += 1
        }
    }

    /// One element, by a rotating phasor (two multiplications a sample)
    /// started at the element's first sample, written where it meets `window`.
    private func addElement(_ element: Range<Int>, into block: UnsafeMutableBufferPointer<Float>, window: Range<Int>) {
        let half = ramp.count / 2
        let first = max(0, element.lowerBound - half)
        let last = min(totalSamples, element.upperBound + half)
        guard first < last else { return }
        let rampStart = element.lowerBound - half
        let omega = 2 * Double.pi * synthesizer.frequencyHz / Double(synthesizer.sampleRate)
        var phase = omega * Double(first)
        phase = phase.truncatingRemainder(dividingBy: 2 * .pi)
        var re = cos(phase), im = sin(phase)
        let stepRe = cos(omega), stepIm = sin(omega)
        let amplitude = synthesizer.peakAmplitude
        let riseEnd = element.lowerBound + half
        let fallStart = element.upperBound - half
        let writtenStart = max(first, window.lowerBound), writtenEnd = min(last, window.upperBound)
        guard writtenStart < writtenEnd else { return }
        for _ in first..<writtenStart {
            let nextRe = re * stepRe - im * stepIm
            im = re * stepIm + im * stepRe
            re = nextRe
        }
        for n in writtenStart..<writtenEnd {
            var envelope = 1.0
            if n < riseEnd {
                envelope = ramp[n - rampStart]
            } else if n > fallStart {
                envelope = ramp[ramp.count - (n - fallStart)]
            }
            block[n - window.lowerBound] += Float(amplitude * envelope * im)
            let nextRe = re * stepRe - im * stepIm
            im = re * stepIm + im * stepRe
            re = nextRe
        }
    }
}
