import Foundation
import KochAudio
import KochCore

/// The spoken phrases of lessons, each made once and kept: spoken by
/// espeak-ng, cut to the words, then brought to the lessons' sample rate by
/// speexdsp's resampler and levelled beside the tone (`SpeechLevel`) on
/// another core while the next phrase is spoken (espeak-ng speaks one phrase
/// at a time). A phrase's length is known as soon as it is spoken, so a
/// lesson is laid out without waiting for its clips. Shared by every lesson
/// of a run, on any core.
public final class SpokenAnswers: @unchecked Sendable {
    public let synthesizer: SpeechSynthesizer
    public let sampleRateHz: Int
    private let converter: SampleRateConverter
    private let targetRMS: Double
    private let peakCeiling: Double
    private let lock = NSLock()
    private let finishing = DispatchQueue(label: "koch.speech.clips", attributes: .concurrent)
    /// Guarded by `lock`: each phrase spoken, its length in samples at `sampleRateHz`, and its clip once made.
    private var phrases: [String: Phrase] = [:]
    private var failure: SpeechError?

    private struct Phrase {
        let sampleCount: Int
        /// Converted and levelled on `finishing`; wait for it before reading `clip`.
        let made: DispatchWorkItem
        var clip: Result<[Float], SpeechError>?
    }

    /// Phrases in `settings`' voice and rate, levelled for a tone of `tonePeakAmplitude`, at `sampleRateHz`.
    public init(settings: SpeechSettings, sampleRateHz: Int, tonePeakAmplitude: Double) throws(SpeechError) {
        synthesizer = try SpeechSynthesizer(voice: settings.voice, rateWPM: settings.rateWPM)
        converter = try SampleRateConverter(inputRateHz: synthesizer.sampleRateHz, outputRateHz: sampleRateHz)
        self.sampleRateHz = sampleRateHz
        targetRMS = SpeechLevel.toneRMS(peakAmplitude: tonePeakAmplitude)
        // The mix's own ceiling (−1 dBFS); the tone never sounds at the same time.
        peakCeiling = 0.891
    }

    /// Speaks the phrase the first time it is asked for, and sets its clip to be made on
    /// another core; its length in samples.
    private func speak(_ phrase: String) throws(SpeechError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let known = phrases[phrase] { return known.sampleCount }
        // Cut to the words first: the silence around them is not worth converting.
        let spoken = SpeechLevel.trimmed(try synthesizer.speak(phrase))
        let made = DispatchWorkItem { [self] in
            let clip = Result { () throws(SpeechError) in
                SpeechLevel.levelled(try converter.convert(spoken), targetRMS: targetRMS, peakCeiling: peakCeiling)
            }
            lock.lock()
            phrases[phrase]?.clip = clip
            lock.unlock()
        }
        phrases[phrase] = Phrase(sampleCount: converter.outputCount(ofInput: spoken.count), made: made)
        finishing.async(execute: made)
        return converter.outputCount(ofInput: spoken.count)
    }

    /// The phrase's samples, spoken and made if they were not yet.
    public func clip(_ phrase: String) throws(SpeechError) -> [Float] {
        _ = try speak(phrase)
        lock.lock()
        let made = phrases[phrase]?.made
        lock.unlock()
        made?.wait()
        lock.lock()
        defer { lock.unlock() }
        guard let clip = phrases[phrase]?.clip else { throw .synthesis(text: phrase, reason: "its clip was not made") }
        return try clip.get()
    }

    /// How long the phrase lasts once spoken; 0 if it cannot be spoken, the
    /// failure kept for `checkSpoken` (a lesson's layout asks without throwing).
    public func seconds(of phrase: String) -> Double {
        do {
            return Double(try speak(phrase)) / Double(sampleRateHz)
        } catch {
            lock.lock()
            if failure == nil { failure = error }
            lock.unlock()
            return 0
        }
    }

    /// Throws the first failure `seconds(of:)` met.
    public func checkSpoken() throws(SpeechError) {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
    }

    /// What a lesson says, placed on its samples.
    public func layer(for plan: SpokenLessonPlan) throws(SpeechError) -> SpeechLayer {
        var byPhrase: [String: [Float]] = [:]
        for speech in plan.speeches where byPhrase[speech.phrase] == nil {
            byPhrase[speech.phrase] = try clip(speech.phrase)
        }
        return SpeechLayer(speeches: plan.speeches, clips: byPhrase, sampleRateHz: sampleRateHz)
    }
}
