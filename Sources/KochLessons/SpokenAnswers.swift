import Foundation
import KochAudio
import KochCore
import KochSound

/// The spoken phrases of lessons: each spoken once by espeak-ng and cut to
/// its words, then brought to the lessons' sample rate by speexdsp's
/// resampler and levelled (`SpeechLevel`) to the loudness of the lessons'
/// tone keyed at their timing (`ToneLoudness.reference`) on another core
/// while the next phrase is spoken (espeak-ng speaks one phrase at a time).
/// A lesson of sparser characters (E, I, S, H) keys a little more quietly:
/// its layer turns every clip down by the difference, so the voice matches
/// the tone as that lesson sends it.
/// A phrase's length is known as soon as it is spoken, so a lesson is laid
/// out without waiting for its clips. Shared by every lesson of a run, on
/// any core.
///
/// A pack lays out all its lessons before it writes them. espeak-ng's
/// output depends on what it spoke before, so a phrase is never spoken
/// twice: its words are kept as espeak-ng made them (16 bits at its own
/// rate, a quarter of a clip's bytes at 44.1 kHz), while finished clips are
/// held only up to `heldSampleBudget` samples and let go when a lesson's
/// layer takes them; a clip not held is made again from the kept words,
/// exactly as before.
public final class SpokenAnswers: @unchecked Sendable {
    public let synthesizer: SpeechSynthesizer
    public let sampleRateHz: Int
    private let converter: SampleRateConverter
    /// The tone to key the lessons with, which the voice is levelled to: the one asked for, turned
    /// down to the voice's unstrained loudness (`SpeechLevel.unstrainedLUFS`), and further by a
    /// positive `SpeechSettings.volumeDB`.
    public let tone: ToneSynthesizer
    /// The loudness of `tone` keyed at the lessons' timing, in LUFS.
    private let referenceToneLUFS: Double
    /// Every clip's loudness: the keyed tone's, moved by the learner's `SpeechSettings.volumeDB`.
    private let targetLUFS: Double
    private let limiter: PeakLimiter
    /// Samples of finished clips held for lessons laid out but not yet written.
    private let heldSampleBudget: Int
    private let lock = NSLock()
    private let finishing = DispatchQueue(label: "koch.speech.clips", attributes: .concurrent)
    /// Guarded by `lock`: every phrase spoken.
    private var phrases: [String: Phrase] = [:]
    /// Guarded by `lock`: the samples of the clips held or being made.
    private var heldSamples = 0
    private var failure: SpeechError?

    private struct Phrase {
        /// The words as espeak-ng spoke them, cut from the silence around them.
        let words: [Int16]
        /// Its clip's length at `sampleRateHz`.
        let sampleCount: Int
        /// Entered while its clip is made on `finishing`; wait for it before reading `clip` (a group,
        /// which any number of lessons may wait for). Nil when no clip is held.
        var made: DispatchGroup?
        var clip: Result<[Float], SpeechError>?
    }

    /// The speech holds nothing above this: the synthesizer's Nyquist frequency (11025 Hz).
    public var highestFrequencyHz: Int { synthesizer.sampleRateHz / 2 }

    /// Phrases in `settings`' voice, rate and volume, levelled for lessons keyed by `tone` at
    /// `timing`, at the tone's sample rate; at most `heldSampleBudget` samples of finished clips
    /// (64 MB by default) are held for lessons laid out but not yet written.
    public init(settings: SpeechSettings, tone: ToneSynthesizer, timing: Timing, heldSampleBudget: Int = 16 << 20) throws(SpeechError) {
        synthesizer = try SpeechSynthesizer(voice: settings.voice, rateWPM: settings.rateWPM)
        converter = try SampleRateConverter(inputRateHz: synthesizer.sampleRateHz, outputRateHz: tone.sampleRate)
        sampleRateHz = tone.sampleRate
        let volumeDB = settings.volumeDB ?? 0
        let askedToneLUFS = try ToneLoudness.reference(tone, timing: timing)
        // Tone and voice meet at the tone's loudness, or at the voice's unstrained one when that is
        // lower; a louder voice is had by turning the tone down, never by limiting the voice harder.
        let meetingLUFS = min(askedToneLUFS, SpeechLevel.unstrainedLUFS)
        let toneGainDB = meetingLUFS - max(0, volumeDB) - askedToneLUFS
        self.tone = ToneSynthesizer(
            frequencyHz: tone.frequencyHz, sampleRate: tone.sampleRate, riseSeconds: tone.riseSeconds,
            peakAmplitude: tone.peakAmplitude * SpeechLevel.decibelsToAmplitude(toneGainDB))
        self.heldSampleBudget = heldSampleBudget
        // Loudness moves with the gain, decibel for decibel.
        referenceToneLUFS = askedToneLUFS + toneGainDB
        targetLUFS = meetingLUFS + min(0, volumeDB)
        // The tone never sounds at the same time, so the voice may reach the mix's own ceiling.
        limiter = PeakLimiter(ceiling: SpeechLevel.peakCeiling, sampleRateHz: tone.sampleRate)
    }

    /// Speaks the phrase the first time it is asked for, and starts its clip if the budget
    /// allows; its clip's length in samples.
    private func speak(_ phrase: String) throws(SpeechError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let known = phrases[phrase] { return known.sampleCount }
        // Cut to the words first: the silence around them is not worth keeping or converting.
        // espeak-ng's samples are 16-bit values over 32768, so they go back to 16 bits exactly.
        let words = SpeechLevel.trimmed(try synthesizer.speak(phrase)).map { Int16(clamping: Int(($0 * 32768).rounded())) }
        let sampleCount = converter.outputCount(ofInput: words.count)
        phrases[phrase] = Phrase(words: words, sampleCount: sampleCount)
        if heldSamples + sampleCount <= heldSampleBudget { startClip(phrase) }
        return sampleCount
    }

    /// Starts making the phrase's clip on another core; `lock` held.
    private func startClip(_ phrase: String) {
        guard let words = phrases[phrase]?.words, let sampleCount = phrases[phrase]?.sampleCount else { return }
        heldSamples += sampleCount
        let made = DispatchGroup()
        made.enter()
        phrases[phrase]?.made = made
        finishing.async { [self] in
            let clip = Result { () throws(SpeechError) in
                SpeechLevel.levelled(
                    try converter.convert(words.map { Float($0) / 32768 }), targetLUFS: targetLUFS, limiter: limiter,
                    loudness: { [sampleRateHz] in (try? LoudnessMeter.integratedLUFS(of: $0, sampleRateHz: sampleRateHz)) ?? nil })
            }
            lock.lock()
            phrases[phrase]?.clip = clip
            lock.unlock()
            made.leave()
        }
    }

    /// The phrase's clip, spoken and made if it was not yet; it is let go here.
    private func takeClip(_ phrase: String) throws(SpeechError) -> [Float] {
        _ = try speak(phrase)
        while true {
            lock.lock()
            if phrases[phrase]?.made == nil { startClip(phrase) }
            let made = phrases[phrase]?.made
            lock.unlock()
            made?.wait()
            lock.lock()
            if let clip = phrases[phrase]?.clip {
                phrases[phrase]?.clip = nil
                phrases[phrase]?.made = nil
                heldSamples -= phrases[phrase]?.sampleCount ?? 0
                lock.unlock()
                return try clip.get()
            }
            lock.unlock()
            // Another lesson took it while this one waited: it is made again.
        }
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

    /// What a lesson says, placed on its samples, as loud as its tone sounds while sent.
    public func layer(for plan: SpokenLessonPlan) throws(SpeechError) -> SpeechLayer {
        let toneLUFS = try ToneLoudness.ofWords(plan.timeline, tone: tone) ?? referenceToneLUFS
        // Only ever down, so that no peak passes the ceiling: a lesson keyed more densely than the
        // reference (all dahs) sounds a few tenths of a LU louder than its voice.
        let gain = Float(SpeechLevel.decibelsToAmplitude(min(0, toneLUFS - referenceToneLUFS)))
        var byPhrase: [String: [Float]] = [:]
        for speech in plan.speeches where byPhrase[speech.phrase] == nil {
            byPhrase[speech.phrase] = try takeClip(speech.phrase).map { $0 * gain }
        }
        return SpeechLayer(speeches: plan.speeches, clips: byPhrase, sampleRateHz: sampleRateHz)
    }
}
