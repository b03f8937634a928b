import Foundation
import KochCore
import KochDecoding
import KochIO
import KochLessons
import KochPresentation

/// Readers of text a learner or a teacher writes.
enum TextHarnesses {
    /// Half-minute lessons: groups of the letters at level 10, and of the whole
    /// course (digits, punctuation, `?`, which is then a character, not a gap).
    static let keys: [AnswerKey] = [(KochCourse.letters, 10), (.full, 41)].compactMap { course, level in
        var settings = LessonSettings()
        settings.course = course
        settings.level = level
        settings.minutes = 0.5
        return (try? Lesson(settings: settings)).map { AnswerKey(lesson: $0, createdAt: Date(timeIntervalSince1970: 0)) }
    }

    /// The first byte chooses the key; the rest is the copy.
    static func transcript(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let key = keys[Int(first) % keys.count], other = keys[(Int(first) + 1) % keys.count]
        let copy = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let score = Score(key: key, transcript: copy)
        _ = CopyCoverage(score: score)
        _ = CopyMismatch.check(copy: copy, key: key, score: score, others: [other])
        _ = Transcript.unreadableCharacters(in: copy, characterSet: key.characterTokens)
    }

    static func roster(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? RosterFile.parse(text, course: .letters)
        _ = try? RosterFile.parse(text, course: .full)
    }

    /// The first byte chooses whether unsendable characters are reported or
    /// dropped, and whether the letters course narrows what is sent.
    static func textLessons(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let policy: TextLessons.UnsendablePolicy = first & 1 == 0 ? .report : .drop
        let characters = first & 2 == 0 ? nil : KochCourse.letters.order
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)
        guard let lessons = try? TextLessons.split(text, keyedSecondsPerLesson: 20, timing: timing, characters: characters, unsendable: policy)
        else { return }
        for lesson in lessons { _ = Timeline.keyedSeconds(of: lesson, timing: timing) }
    }

    static func renderText(_ bytes: [UInt8]) {
        guard let text = try? MorseText(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
        _ = text.normalized
        _ = Timeline.keyedSeconds(of: text, timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12))
    }

    static func wordList(_ bytes: [UInt8]) {
        let list = WordList.parse(String(decoding: bytes, as: UTF8.self))
        let selector = WordSelector(wordList: list, characters: KochCourse.letters.unlocked(atLevel: 12))
        var generator = SeededGenerator(seed: 1)
        _ = try? selector.words(lastingSeconds: 20, timing: Timing(characterSpeedWPM: 20), using: &generator)
    }

    /// The bytes as a teacher's QSO style, filled with random stations for a short lesson.
    static func qsoTemplate(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let templates = try? Templates([(name: "qso/fuzz", text: text, origin: "qso/fuzz.mustache")]),
            let composer = try? QSOComposer(templates: templates, style: "fuzz", level: 10, course: .letters)
        else { return }
        _ = try? composer.lines(lastingSeconds: 20, timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12), seed: 7)
    }

    static func times(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = LocalTimestamp.parse(text, timeZone: TimeZone(identifier: "Europe/Berlin"))
        _ = LocalTimestamp.parse(text, timeZone: nil)
        _ = QuietHours(parsing: text)
        _ = QuietHours.minuteOfDay(parsing: text)
    }

    /// The first byte chooses the keyer's mode and the key names of an `evtest`
    /// log; the rest is the log. A short log is also keyed and decoded.
    static func paddleLog(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let mapping =
            first & 2 == 0 ? PaddleLog.KeyMapping.usual : PaddleLog.KeyMapping(dit: "KEY_LEFTBRACE", dah: "KEY_RIGHTBRACE", straightKey: "KEY_SPACE")
        guard let log = try? PaddleLog(text: String(decoding: bytes.dropFirst(), as: UTF8.self), mapping: mapping) else { return }
        let speeds = log.speedsWPM(startingAt: 20)
        let elements = log.keyed(wpm: 20, mode: first & 1 == 0 ? .b : .a)
        // Decoding sounds the whole log at 8 kHz: a few seconds are enough to reach every step.
        guard let last = elements.last, last.endSeconds - (elements.first?.startSeconds ?? 0) < 4 else { return }
        _ = try? KeyedElementsReader.decode(elements, speedWPM: log.isStraightKey ? nil : speeds.first)
    }
}
