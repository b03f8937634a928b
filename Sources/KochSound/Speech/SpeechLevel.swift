import Foundation

/// Makes a spoken clip sit beside the keyed tone: the silence the speech
/// synthesizer leaves around the words cut away, and the words brought to a
/// loudness (ITU-R BS.1770, measured by the caller's meter) with their peaks
/// held under a ceiling by a limiter, so that the voice sounds as loud as
/// the tone and nothing clips.
public enum SpeechLevel {
    /// Samples quieter than this (about −50 dBFS) at either end are silence.
    public static let silenceThreshold: Float = 0.003
    /// The largest sample of a clip: −2 dBFS. A voice limited this hard gains up to about 1.2 dB
    /// of peak in MP3 encoding, which this leaves room for, as the tone (−3 dBFS) does.
    public static let peakCeiling = 0.794
    /// The loudness a voice is brought to at most, in LUFS: espeak-ng's voice reaches it with its
    /// peaks under the ceiling, hardly ever limited. Limited harder, to meet a tone 10 LU louder,
    /// letter names are heard less well (the figures: docs/spoken-lessons.md), so a spoken
    /// lesson's tone is turned down to the voice.
    public static let unstrainedLUFS = -20.0
    /// How close to its target a clip's loudness is brought, in LU.
    static let toleranceLU = 0.1
    /// The most a clip is turned up beyond its unlimited level, in dB: the limiter's share.
    static let largestLimitingDB = 36.0

    /// `samples` without the silence before the first and after the last sample above `silenceThreshold`.
    public static func trimmed(_ samples: [Float]) -> [Float] {
        guard let first = samples.firstIndex(where: { abs($0) > silenceThreshold }),
            let last = samples.lastIndex(where: { abs($0) > silenceThreshold })
        else { return [] }
        return Array(samples[first...last])
    }

    /// `samples` brought to `targetLUFS` as `loudness` measures it (LUFS; nil
    /// for silence), their peaks held under `limiter`'s ceiling. The limiter
    /// takes loudness with the peaks, so the gain is found by bisection: the
    /// loudness after limiting grows with the gain. A target beyond what the
    /// ceiling allows ends as loud as `largestLimitingDB` makes it.
    public static func levelled(
        _ samples: [Float], targetLUFS: Double, limiter: PeakLimiter, loudness: ([Float]) -> Double?
    ) -> [Float] {
        guard let measured = loudness(samples) else { return samples }
        func limited(_ gainDB: Double) -> [Float] {
            let gain = Float(decibelsToAmplitude(gainDB))
            return limiter.limited(samples.map { $0 * gain })
        }
        var low = targetLUFS - measured
        var best = limited(low)
        guard let first = loudness(best), targetLUFS - first > toleranceLU else { return best }
        var high = low + largestLimitingDB
        while high - low > 0.05 {
            let middle = (low + high) / 2
            let candidate = limited(middle)
            guard let reached = loudness(candidate) else { return best }
            best = candidate
            if reached < targetLUFS { low = middle } else { high = middle }
            if abs(reached - targetLUFS) <= toleranceLU { break }
        }
        return best
    }

    /// The amplitude ratio of `decibels`.
    public static func decibelsToAmplitude(_ decibels: Double) -> Double {
        pow(10, decibels / 20)
    }
}
