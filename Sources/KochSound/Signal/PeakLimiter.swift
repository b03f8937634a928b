/// A look-ahead peak limiter: turns a sound down just enough, and smoothly
/// enough, that no sample passes `ceiling`, so that a voice made as loud as
/// a keyed tone neither clips nor crackles. By default it looks 5 ms ahead
/// and recovers over 80 ms, slow enough not to follow a voice's pitch.
///
/// The gain each sample needs (ceiling over its magnitude, at most 1) is
/// held at the smallest needed in the next `lookAheadSamples`, recovers
/// towards 1 with the time constant `releaseSamples`, and is averaged over
/// the last `lookAheadSamples`. Every value averaged at a sample was held
/// from a window that holds that sample, so the smoothed gain never exceeds
/// what the sample needs: the ceiling holds exactly, and the gain starts to
/// fall a look-ahead before a peak instead of snapping down on it.
public struct PeakLimiter: Sendable, Hashable {
    /// The largest magnitude let through; 0.891 is −1 dBFS.
    public let ceiling: Double
    public let lookAheadSamples: Int
    public let releaseSamples: Int

    /// A limiter at `sampleRateHz` that looks `lookAheadSeconds` ahead and recovers over `releaseSeconds`.
    public init(ceiling: Double, sampleRateHz: Int, lookAheadSeconds: Double = 0.005, releaseSeconds: Double = 0.08) {
        self.ceiling = ceiling
        lookAheadSamples = max(1, Int((lookAheadSeconds * Double(sampleRateHz)).rounded()))
        releaseSamples = max(1, Int((releaseSeconds * Double(sampleRateHz)).rounded()))
    }

    /// `samples` with their peaks brought down to `ceiling`.
    public func limited(_ samples: [Float]) -> [Float] {
        let gains = smoothed(held(samples))
        return samples.indices.map { n in Float(Double(samples[n]) * gains[n + lookAheadSamples]) }
    }

    /// The gain each sample needs: 1 where it is within the ceiling.
    private func needed(_ sample: Float) -> Double {
        let magnitude = Double(abs(sample))
        return magnitude > ceiling ? ceiling / magnitude : 1
    }

    /// The smallest gain needed over the next `lookAheadSamples`, recovering
    /// towards 1, over the samples preceded by `lookAheadSamples` of silence.
    private func held(_ samples: [Float]) -> [Double] {
        let count = samples.count + lookAheadSamples
        func neededAt(_ index: Int) -> Double {
            let n = index - lookAheadSamples
            return n >= 0 && n < samples.count ? needed(samples[n]) : 1
        }
        // A sliding minimum over [i, i + lookAheadSamples) in one pass: indices of rising gains.
        var window: [Int] = []
        var front = 0
        var held = [Double](repeating: 1, count: count)
        var next = 0
        let recovery = 1 / Double(releaseSamples)
        var previous = 1.0
        for i in 0..<count {
            while next < min(count, i + lookAheadSamples) {
                let gain = neededAt(next)
                while window.count > front, neededAt(window[window.count - 1]) >= gain { window.removeLast() }
                window.append(next)
                next += 1
            }
            while window[front] < i { front += 1 }
            let released = previous + (1 - previous) * recovery
            previous = min(neededAt(window[front]), released)
            held[i] = previous
        }
        return held
    }

    /// The moving average of `held` over the last `lookAheadSamples`.
    private func smoothed(_ held: [Double]) -> [Double] {
        var sum = 0.0
        return held.indices.map { i in
            sum += held[i]
            if i >= lookAheadSamples { sum -= held[i - lookAheadSamples] }
            return sum / Double(lookAheadSamples)
        }
    }
}
