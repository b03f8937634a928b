import Foundation
import KochCore

/// The sharp changes of the tone's complex baseband, where a key may have
/// gone down or up: what `TransitionLatch` reads a room's recording by.
///
/// A key going down adds the direct sound's phasor to the baseband within
/// the few milliseconds of its edge, and a key going up takes it away; a
/// room's echo of the same mark builds up and dies away over tens of
/// milliseconds. The change across `halfStepSeconds` either side of each
/// sample is therefore sharpest where the key moved. Every local peak of
/// its size is a candidate step, given with what `TransitionLatch` judges
/// it by: how busy the baseband is around it, and how large the largest
/// steps nearby are. A stream: samples go in in blocks, steps come out
/// `contextSeconds` and `peakSeconds` after they happened.
struct KeyStepFinder: Sendable {
    /// A candidate step: a local peak of the change across it.
    struct Step: Sendable {
        /// Its sample, counted from the first one given.
        let sample: Int
        /// The change of the baseband across it.
        let real: Double
        let imaginary: Double
        /// The median size of the changes within `contextSeconds` of it: how busy the baseband is there.
        let contextMagnitude: Double
        /// The median of the `referencePeaks` largest steps from `referenceSeconds` before it to
        /// `contextSeconds` after it: how large a key's steps are there.
        let referenceMagnitude: Double

        var magnitude: Double { (real * real + imaginary * imaginary).squareRoot() }
    }

    /// The change at a sample is measured from this long before it to this long after: a
    /// keying edge's rise, shorter than the time a room's echo takes to build up.
    static let halfStepSeconds = 0.004
    /// A candidate is the largest change within this much either side.
    static let peakSeconds = 0.024
    /// How busy the baseband is around a candidate is measured this far either side (a few marks).
    static let contextSeconds = 0.15
    /// The key's steps are sized by the largest candidates from this long before.
    static let referenceSeconds = 2.0
    /// ...the median of this many of the largest.
    static let referencePeaks = 20

    private let halfStep: Int
    private let peakReach: Int
    private let contextReach: Int
    private let referenceReach: Int

    /// Samples kept from `origin` on: the baseband, and the change across each sample.
    private var origin = 0
    private var real: [Double] = []
    private var imaginary: [Double] = []
    private var changeReal: [Double] = []
    private var changeImaginary: [Double] = []
    private var changeMagnitude: [Double] = []
    /// Samples given, and changes known (from sample 0).
    private var sampleCount = 0
    private var changeCount = 0
    /// Peaks found and not yet judged, and the recent peaks' samples and sizes for the reference.
    private var waiting: [Int] = []
    private var recentPeaks: [(sample: Int, magnitude: Double)] = []
    /// Every sample before this one has had its candidates given out.
    private(set) var judgedThrough = 0

    init(rate: Double) {
        halfStep = max(1, Int((Self.halfStepSeconds * rate).rounded()))
        peakReach = max(1, Int((Self.peakSeconds * rate).rounded()))
        contextReach = max(peakReach, Int((Self.contextSeconds * rate).rounded()))
        referenceReach = Int((Self.referenceSeconds * rate).rounded())
    }

    /// Takes the next samples; returns the candidate steps now known.
    mutating func process(real newReal: ArraySlice<Float>, imaginary newImaginary: ArraySlice<Float>) -> [Step] {
        var steps: [Step] = []
        for (re, im) in zip(newReal, newImaginary) {
            real.append(Double(re))
            imaginary.append(Double(im))
            sampleCount += 1
            // The change across sample n needs the sample halfStep after it.
            let centre = sampleCount - 1 - halfStep
            guard centre >= 0 else { continue }
            if centre < halfStep {
                appendChange(real: 0, imaginary: 0, into: &steps)
            } else {
                let after = centre + halfStep - origin, before = centre - halfStep - origin
                appendChange(real: real[after] - real[before], imaginary: imaginary[after] - imaginary[before], into: &steps)
            }
        }
        trim()
        return steps
    }

    /// The candidates of the last samples: past the end the baseband is taken not to change.
    mutating func finish() -> [Step] {
        var steps: [Step] = []
        while changeCount < sampleCount + peakReach + contextReach {
            appendChange(real: 0, imaginary: 0, into: &steps)
        }
        for sample in waiting { steps.append(judged(sample)) }
        waiting.removeAll()
        judgedThrough = sampleCount
        return steps
    }

    private mutating func appendChange(real re: Double, imaginary im: Double, into steps: inout [Step]) {
        changeReal.append(re)
        changeImaginary.append(im)
        changeMagnitude.append((re * re + im * im).squareRoot())
        changeCount += 1
        // A peak is known once the changes peakReach after it are.
        let peak = changeCount - 1 - peakReach
        if peak >= 0, isPeak(peak) {
            waiting.append(peak)
            recentPeaks.append((peak, magnitude(peak)))
        }
        // A candidate is judged once the changes and peaks contextReach after it are known.
        let judging = peak - contextReach
        guard judging >= 0 else { return }
        while let first = waiting.first, first <= judging {
            steps.append(judged(first))
            waiting.removeFirst()
        }
        judgedThrough = judging + 1
    }

    private func magnitude(_ sample: Int) -> Double {
        sample < changeCount && sample >= origin ? changeMagnitude[sample - origin] : 0
    }

    /// Whether the change at `sample` is the largest within peakReach either side (the first of equals).
    private func isPeak(_ sample: Int) -> Bool {
        let size = magnitude(sample)
        guard size > 0 else { return false }
        for other in max(origin, sample - peakReach)..<sample where magnitude(other) >= size { return false }
        for other in (sample + 1)...(sample + peakReach) where magnitude(other) > size { return false }
        return true
    }

    private func judged(_ sample: Int) -> Step {
        let lower = max(origin, sample - contextReach), upper = min(changeCount, sample + contextReach + 1)
        var context = Array(changeMagnitude[(lower - origin)..<(upper - origin)])
        let contextMagnitude = context.withUnsafeMutableBufferPointer { quickSelect($0, $0.count / 2) }
        var nearby = recentPeaks.filter { $0.sample > sample - referenceReach && $0.sample <= sample + contextReach }.map(\.magnitude)
        nearby.sort(by: >)
        let largest = nearby.prefix(Self.referencePeaks)
        let reference = largest.isEmpty ? 0 : largest[largest.startIndex + largest.count / 2]
        let index = sample - origin
        return Step(
            sample: sample, real: changeReal[index], imaginary: changeImaginary[index], contextMagnitude: contextMagnitude,
            referenceMagnitude: reference)
    }

    /// Lets go of samples no longer needed, a few thousand at a time.
    private mutating func trim() {
        let oldestPeak = waiting.first ?? judgedThrough
        let needed = min(sampleCount - 2 * halfStep - 1, oldestPeak - contextReach - 1, judgedThrough - contextReach - 1)
        recentPeaks.removeAll { $0.sample <= judgedThrough - referenceReach - 1 }
        let drop = min(needed - origin, changeReal.count)
        guard drop > 4096 else { return }
        real.removeFirst(drop)
        imaginary.removeFirst(drop)
        changeReal.removeFirst(drop)
        changeImaginary.removeFirst(drop)
        changeMagnitude.removeFirst(drop)
        origin += drop
    }
}
