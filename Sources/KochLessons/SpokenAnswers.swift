import Foundation
import KochAudio
import KochCore

/// The spoken phrases of lessons, each made once and kept: spoken by
/// espeak-ng, brought to the lessons' sample rate by libsamplerate, cut
/// to the words and levelled beside the tone (`SpeechLevel`). Shared by
/// every lesson of a run, on any core.
public final class SpokenAnswers: @unchecked Sendable {
    public let synthesizer: SpeechSynthesizer
    public let sampleRateHz: Int
    private let converter: SampleRateConverter
    private let targetRMS: Double
    private let peakCeiling: Double
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var clips: [String: [Float]] = [:]
    private var failure: SpeechError?

    /// Phrases in `settings`' voice and rate, levelled for a tone of `tonePeakAmplitude`, at `sampleRateHz`.
    public init(settings: SpeechSettings, sampleRateHz: Int, tonePeakAmplitude: Double) throws(SpeechError) {
        synthesizer = try SpeechSynthesizer(voice: settings.voice, rateWPM: settings.rateWPM)
        converter = try SampleRateConverter(inputRateHz: synthesizer.sampleRateHz, outputRateHz: sampleRateHz)
        self.sampleRateHz = sampleRateHz
        targetRMS = SpeechLevel.toneRMS(peakAmplitude: tonePeakAmplitude)
        // The mix's own ceiling (−1 dBFS); the tone never sounds at the same time.
        peakCeiling = 0.891
    }

    /// The phrase's samples, made the first time it is asked for.
    public func clip(_ phrase: String) throws(SpeechError) -> [Float] {
        lock.lock()
        defer { lock.unlock() }
        if let known = clips[phrase] { return known }
        // Cut to the words first: the silence around them is not worth converting.
        let spoken = SpeechLevel.trimmed(try synthesizer.speak(phrase))
        let converted = try converter.convert(spoken)
        let clip = SpeechLevel.levelled(converted, targetRMS: targetRMS, peakCeiling: peakCeiling)
        clips[phrase] = clip
        return clip
    }

    /// How long the phrase lasts once spoken; 0 if it cannot be spoken, the
    /// failure kept for `checkSpoken` (a lesson's layout asks without throwing).
    public func seconds(of phrase: String) -> Double {
        do {
            return Double(try clip(phrase).count) / Double(sampleRateHz)
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
