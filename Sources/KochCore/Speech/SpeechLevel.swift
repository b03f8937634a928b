/// Makes a spoken clip sit beside the keyed tone: the silence the speech
/// synthesizer leaves around the words cut away, and the words brought to
/// about the tone's loudness (the same RMS over the voiced part) without
/// their peaks passing a ceiling, so that nothing clips.
public enum SpeechLevel {
    /// Samples quieter than this (about −50 dBFS) at either end are silence.
    public static let silenceThreshold: Float = 0.003

    /// `samples` without the silence before the first and after the last sample above `silenceThreshold`.
    public static func trimmed(_ samples: [Float]) -> [Float] {
        guard let first = samples.firstIndex(where: { abs($0) > silenceThreshold }),
            let last = samples.lastIndex(where: { abs($0) > silenceThreshold })
        else { return [] }
        return Array(samples[first...last])
    }

    /// The RMS of the part of `samples` that is not near silence: the level
    /// of the voice itself, not lowered by its pauses.
    public static func voicedRMS(_ samples: [Float]) -> Double {
        let loud = samples.lazy.filter { abs($0) > 0.01 }
        var sum = 0.0
        var count = 0
        for sample in loud {
            sum += Double(sample) * Double(sample)
            count += 1
        }
        return count > 0 ? (sum / Double(count)).squareRoot() : 0
    }

    /// `samples` scaled to `targetRMS` over their voiced part, or less when
    /// that would take a peak above `peakCeiling`.
    public static func levelled(_ samples: [Float], targetRMS: Double, peakCeiling: Double) -> [Float] {
        let rms = voicedRMS(samples)
        let peak = Double(LargestMagnitude.of(samples))
        guard rms > 0, peak > 0 else { return samples }
        let gain = Float(min(targetRMS / rms, peakCeiling / peak))
        return samples.map { $0 * gain }
    }

    /// The RMS of a steady tone of peak `amplitude`.
    public static func toneRMS(peakAmplitude: Double) -> Double { peakAmplitude / 2.0.squareRoot() }
}
