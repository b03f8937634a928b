import Foundation
import KochCore
import KochIO
import KochPresentation

/// What a lesson kind needs besides its settings, read or rendered once:
/// the word lists, the QSO templates, or a text cut into lessons.
public struct LessonContentSource: Sendable {
    private let wordList: [String]?
    private let composer: QSOComposer?
    private let textParts: [MorseText]?
    private let respondSpeedWPM: Double?

    /// `qsoStyle`: one QSO style, or nil for all; `textFile`: the text a text
    /// lesson reads; `skipUnsendable`: leave out of it the characters Morse
    /// code has not, instead of refusing it. `learnerCourse`: the course the
    /// learner's level counts in (a QSO's style follows it). `respondSpeedWPM`: for QSOs, each
    /// lesson one contact to answer, its pauses timed for the learner's overs at this speed.
    public init(
        kind: LessonKind, qsoStyle: String? = nil, textFile: String? = nil, skipUnsendable: Bool = false, settings: LessonSettings,
        learnerCourse: KochCourse, templates: Templates, respondSpeedWPM: Double? = nil
    ) throws {
        self.respondSpeedWPM = kind == .qso ? respondSpeedWPM : nil
        wordList = try Self.wordList(for: kind)
        composer =
            kind == .qso
            ? try QSOComposer(templates: templates, style: qsoStyle, level: settings.level, course: learnerCourse) : nil
        if kind == .text, let path = textFile {
            guard let data = try FileBytes.read(path, action: "read the text") else {
                throw FileError.system(path: path, action: "read the text", errno: ENOENT)
            }
            do {
                // A spoken lesson keeps every word of its part: the parts are cut by the words' spoken lengths.
                let spoken = settings.speech.map { speech in
                    { (word: [Symbol]) in
                        SpokenLessonPlan.estimatedItemSeconds(of: word, kind: .text, timing: settings.timing, speech: speech)
                    }
                }
                textParts = try TextLessons.split(
                    String(decoding: data, as: UTF8.self), keyedSecondsPerLesson: Self.keyedSeconds(settings),
                    timing: settings.timing, unsendable: skipUnsendable ? .drop : .report, itemSeconds: spoken)
            } catch {
                throw FileError.malformed(
                    path: path,
                    reason: error.description
                        + (skipUnsendable ? "" : " Give --skip-unsendable to leave such characters out."))
            }
        } else {
            textParts = nil
        }
    }

    /// The word lists a lesson of `kind` draws from: only words lessons draw from them.
    private static func wordList(for kind: LessonKind) throws -> [String]? {
        kind == .words ? try WordLists.all() : nil
    }

    /// What every lesson of a level of `kind` is drawn from (a pack's folders share it): the word
    /// lists for words, else characters generated from the level.
    public static func levelContent(for kind: LessonKind) throws -> LessonContent {
        try wordList(for: kind).map(LessonContent.wordList) ?? .generated
    }

    /// The QSO styles the lessons are written in; empty for other kinds.
    public var qsoStyles: [String] { composer?.styles.map { String($0.dropFirst(4)) } ?? [] }

    /// How many lessons the content holds, when it decides that itself (a text).
    public var lessonCount: Int? { textParts?.count }

    /// How many lessons a run makes when `asked` for (nil: not asked): a text's parts,
    /// at most `asked`; else `asked`; else one.
    public func lessonsToMake(asked: Int?) -> Int {
        lessonCount.map { min($0, asked ?? $0) } ?? asked ?? 1
    }

    /// The content of the `number`-th lesson.
    public func content(forLesson number: Int, settings: LessonSettings) throws -> LessonContent {
        if let wordList { return .wordList(wordList) }
        if let composer {
            let seed = SeededGenerator.derivedSeed(settings.seed ^ 0x5150, index: number)
            if let respondSpeedWPM { return try Self.contact(composer: composer, seed: seed, settings: settings, learnerSpeedWPM: respondSpeedWPM) }
            return .lines(try composer.lines(lastingSeconds: Self.keyedSeconds(settings), timing: settings.timing, seed: seed))
        }
        if let textParts { return .fixed(textParts[number - 1].words) }
        return .generated
    }

    /// One contact to answer, the learner's overs timed for `learnerSpeedWPM` without Farnsworth spacing.
    private static func contact(composer: QSOComposer, seed: UInt64, settings: LessonSettings, learnerSpeedWPM: Double) throws -> LessonContent {
        let (style, script) = try composer.script(seed: seed)
        let learnerTiming = Timing(characterSpeedWPM: learnerSpeedWPM, effectiveSpeedWPM: learnerSpeedWPM)
        do {
            let plan = try QSORespondPlan(
                script: script, timing: settings.timing, learnerTiming: learnerTiming, leadInSeconds: LessonSettings.leadInSeconds,
                tailSeconds: LessonSettings.tailSeconds)
            return .contact(plan, style: style, contact: script.contact, learnerSpeedWPM: learnerSpeedWPM)
        } catch {
            throw FileError.malformed(
                path: composer.templates.origin(of: "qso/" + style), reason: "the contact it writes cannot be sent: \(error)")
        }
    }

    /// Keyed time of a lesson without an introduction.
    private static func keyedSeconds(_ settings: LessonSettings) -> Double {
        settings.minutes * 60 - LessonSettings.leadInSeconds - LessonSettings.tailSeconds
    }
}
