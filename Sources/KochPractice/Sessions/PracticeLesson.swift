import Foundation
import KochAudio
import KochCore
import KochLessons
import KochSound

/// A lesson or send exercise to practise live: its key, and its sound, made as it plays.
public struct PracticeLesson: Sendable {
    public let lesson: Lesson
    public let key: AnswerKey
    /// The lesson's sound at `sampleRateHz`, band conditions and all, as `koch lesson` writes it.
    public let sound: SampleSource
    public var sampleRateHz: Int { lesson.settings.sampleRateHz }

    public init(lesson: Lesson, createdAt: Date) {
        self.lesson = lesson
        key = AnswerKey(lesson: lesson, createdAt: createdAt)
        let settings = lesson.settings
        let synthesizer = ToneSynthesizer(
            frequencyHz: settings.toneHz, sampleRate: settings.sampleRateHz, riseSeconds: settings.riseMilliseconds / 1000)
        sound =
            MixedSound(
                timeline: lesson.timeline, synthesizer: synthesizer, conditions: settings.conditions,
                seed: SeededGenerator.derivedSeed(settings.seed ^ 0xBA9D, index: lesson.number), speech: nil
            ).source
    }

    /// Where the lesson's tone sounds, in samples of `sound`, in order: each element with its
    /// shaped edges (centred on the element's ends) and as much again, for a pause to wait out.
    public var toneSpans: [Range<Int>] {
        let settings = lesson.settings
        let marginSeconds = settings.riseMilliseconds / 1000
        let rate = Double(settings.sampleRateHz)
        return lesson.timeline.marks.map { mark in
            let start = max(0, Int(((mark.startSeconds - marginSeconds) * rate).rounded(.down)))
            return start..<max(start, Int(((mark.endSeconds + marginSeconds) * rate).rounded(.up)))
        }
    }

    /// A key that cannot be practised live, and why.
    public enum Refusal: Error, Sendable, Hashable {
        /// A spoken lesson: its answers are for the car, and its sound needs the speech it was made with.
        case spoken
        /// Its words, with its settings, do not make the lesson it names (a key edited by hand, or
        /// made by a koch that laid lessons out otherwise).
        case notReproducible
    }

    /// The lesson `key` was made from, its sound made again from the key's settings and words.
    public init(key: AnswerKey) throws(Refusal) {
        guard !key.isSpoken else { throw .spoken }
        var words: [[Symbol]] = []
        for group in key.groups {
            guard let text = try? MorseText(parsing: group.text), !text.words.isEmpty else { throw .notReproducible }
            words.append(text.words.flatMap { $0 })
        }
        guard
            let lesson = try? Lesson(settings: key.settings, content: .fixed(words), number: key.lessonNumber, count: key.lessonCount),
            lesson.lessonID == key.lessonID
        else { throw .notReproducible }
        self.init(lesson: lesson, createdAt: key.createdAt)
    }
}
