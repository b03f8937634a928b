import KochAudio
import KochCore
import KochSound

/// How loud a keyed tone sounds (ITU-R BS.1770, `LoudnessMeter`), which the
/// spoken answers are levelled to: the course's letters keyed in groups at a
/// lesson's timing, and a lesson's own tone as it is heard while sent, its
/// words' stretches end to end and the silences between them left out.
enum ToneLoudness {
    /// The words are measured this many seconds at a time, so that a long lesson is never held whole.
    static let chunkSeconds = 20.0

    /// The loudness of the 26 letters in Koch order, in groups of five, keyed by `tone` at `timing`
    /// three times over, in LUFS: a lesson of many characters, between the denser early levels
    /// and the sparser ones of E, I, S, H.
    static func reference(_ tone: ToneSynthesizer, timing: Timing) throws(SpeechError) -> Double {
        let letters = KochCourse.letters.order
        let groups = stride(from: 0, to: letters.count, by: 5).map { Array(letters[$0..<min($0 + 5, letters.count)]) }
        let timeline = Timeline(text: MorseText(words: groups + groups + groups), timing: timing)
        guard let loudness = try ofWords(timeline, tone: tone) else { throw .loudness(reason: "the tone measured as silence.") }
        return loudness
    }

    /// The loudness of `timeline`'s words keyed by `tone`, in LUFS; nil for a timeline without words.
    static func ofWords(_ timeline: Timeline, tone: ToneSynthesizer) throws(SpeechError) -> Double? {
        let meter: LoudnessMeter
        do { meter = try LoudnessMeter(sampleRateHz: tone.sampleRate) } catch { throw .loudness(reason: error.description) }
        var chunk: [KeyedElement] = []
        var heldSeconds = 0.0
        func measureChunk() {
            guard heldSeconds > 0 else { return }
            meter.add(tone.render(chunk, durationSeconds: heldSeconds))
            chunk = []
            heldSeconds = 0
        }
        var marks = timeline.marks[...]
        for (index, word) in timeline.words.enumerated() {
            let shift = heldSeconds - word.startSeconds
            while let mark = marks.first, mark.wordIndex <= index {
                marks.removeFirst()
                if mark.wordIndex == index {
                    chunk.append(KeyedElement(element: mark.element, startSeconds: mark.startSeconds + shift, durationSeconds: mark.durationSeconds))
                }
            }
            heldSeconds += word.endSeconds - word.startSeconds
            if heldSeconds >= chunkSeconds { measureChunk() }
        }
        measureChunk()
        return meter.integratedLUFS
    }
}
