import KochCore
import KochSound

/// Reading what was keyed: the key-down stretches are sounded as a clean
/// sidetone and read by the same decoder as a recording, so that a log is
/// graded, and its fist reported, exactly as a recording of the same
/// keying would be. The decoder is the one owner of where characters and
/// words end.
public enum KeyedElementsReader {
    /// The sidetone the stretches are sounded at, and its sample rate.
    public static let toneHz = 600.0
    public static let sampleRate = 8000
    /// Silence before the first element and after the last.
    public static let marginSeconds = 0.5

    /// The decode of `elements`; `speedWPM` is a hint for the decoder (the keyer's speed),
    /// nil to let it measure the speed (a straight key); `expecting`, what was keyed (an exercise's characters).
    public static func decode(_ elements: [KeyedElement], speedWPM: Double?, expecting prior: CharacterPrior = .text) throws -> DecodeResult {
        let samples = sidetone(elements, sampleRate: sampleRate)
        return try DecodeSession.run(sampleRate: sampleRate, channelCount: 1, toneHz: toneHz, speedWPM: speedWPM, expecting: prior) { consume in
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + (1 << 15))
                consume([Array(samples[start..<end])])
                start = end
            }
        }
    }

    /// The stretches sounded at `toneHz`, with `marginSeconds` of silence before the first and after the last.
    public static func sidetone(_ elements: [KeyedElement], sampleRate: Int) -> [Float] {
        let start = elements.first?.startSeconds ?? 0
        let shifted = elements.map {
            KeyedElement(element: $0.element, startSeconds: $0.startSeconds - start + marginSeconds, durationSeconds: $0.durationSeconds)
        }
        let duration = (shifted.map(\.endSeconds).max() ?? 0) + marginSeconds
        return ToneSynthesizer(frequencyHz: toneHz, sampleRate: sampleRate).render(shifted, durationSeconds: duration)
    }
}
