import Foundation

/// What was sent in a lesson, for the grader and for a person checking
/// their copy. Written beside the audio as `NAME.key.json`.
public struct AnswerKey: Sendable, Hashable, Codable {
    public static let currentFormatVersion = 1

    /// One group of the lesson and where it sounds in the audio.
    public struct Group: Sendable, Hashable, Codable {
        /// Position in the lesson, from 1.
        public var number: Int
        public var text: String
        public var startSeconds: Double
        public var endSeconds: Double
        /// In a spoken lesson, on the last group of each item (a group, word or
        /// callsign, or a QSO's line), the item's answer as spoken and where.
        public var spoken: Stretch?
        /// In a spoken lesson of `--speak repeat`, on the last group of each
        /// item, the item's second sending.
        public var sentAgain: Stretch?
    }

    /// Something sent or said, and where it sits in the audio.
    public struct Stretch: Sendable, Hashable, Codable {
        public var text: String
        public var startSeconds: Double
        public var endSeconds: Double
    }

    /// What a spoken lesson says besides the answers: the opening, and the
    /// introduction's sendings of the newest character, each with its name spoken.
    public struct Speech: Sendable, Hashable, Codable {
        public var opening: Stretch?
        public var introductionSent: [Stretch]
        public var introductionSpoken: [Stretch]
    }

    public var formatVersion: Int
    public var lessonID: String
    /// When the key was made; the only field that differs between two runs
    /// with the same seed and settings.
    public var createdAt: Date
    public var kind: String
    public var direction: Direction
    public var course: KochCourse
    public var level: Int
    /// The unlocked characters, in course order.
    public var characters: String
    /// `characters` as what is sent one at a time (a prosign is one), upper-cased.
    public var characterTokens: Set<String> { Set(WrittenTokens.split(characters)) }
    public var newestCharacter: String
    public var lessonNumber: Int
    public var lessonCount: Int
    public var settings: LessonSettings
    public var groups: [Group]
    /// The newest character sent on its own before the groups, with where it
    /// sounds; not graded (absent when the lesson has none).
    public var introduction: Group?
    public var durationSeconds: Double
    /// Present only for a spoken lesson (`koch lesson --speak`).
    public var speech: Speech?
    /// Present only for a contact to answer (`koch lesson --kind qso --respond`, or a live
    /// contact): both stations' overs; the groups are then the other station's words.
    public var qso: QSOKey?

    /// Whether the answers are spoken in the audio.
    public var isSpoken: Bool { speech != nil }

    /// The key of a lesson, times rounded to the millisecond.
    public init(lesson: Lesson, createdAt: Date) {
        func ms(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
        formatVersion = Self.currentFormatVersion
        lessonID = lesson.lessonID
        self.createdAt = createdAt
        kind = lesson.settings.kind.rawValue
        direction = lesson.settings.direction
        course = lesson.settings.course
        level = lesson.settings.level
        characters = lesson.characters.map(\.text).joined()
        newestCharacter = lesson.newestCharacter?.text ?? ""
        lessonNumber = lesson.number
        lessonCount = lesson.count
        settings = lesson.settings
        groups = lesson.gradedWords.enumerated().map { index, word in
            Group(number: index + 1, text: word.text, startSeconds: ms(word.startSeconds), endSeconds: ms(word.endSeconds))
        }
        if let first = lesson.timeline.words.first, let last = lesson.timeline.words.prefix(lesson.introduction.count).last {
            introduction = Group(
                number: 0, text: lesson.introduction.map { $0.map(\.text).joined() }.joined(separator: " "),
                startSeconds: ms(first.startSeconds), endSeconds: ms(last.endSeconds))
        }
        durationSeconds = ms(lesson.timeline.durationSeconds)
        qso = lesson.qso
        if let spoken = lesson.spoken {
            func stretch(_ speech: SpokenLessonPlan.Speech) -> Stretch {
                Stretch(text: speech.phrase, startSeconds: ms(speech.startSeconds), endSeconds: ms(speech.endSeconds))
            }
            func stretch(_ word: Timeline.Word) -> Stretch {
                Stretch(text: word.text, startSeconds: ms(word.startSeconds), endSeconds: ms(word.endSeconds))
            }
            var last = -1
            for item in spoken.items {
                last += item.words.count
                groups[last].spoken = stretch(item.speech)
                groups[last].sentAgain = item.sentAgainSpan.map(stretch)
            }
            speech = Speech(
                opening: spoken.opening.map(stretch), introductionSent: spoken.introduction.map { stretch($0.sentSpan) },
                introductionSpoken: spoken.introduction.map { stretch($0.speech) })
        }
    }

    /// The items a spoken lesson answers, each the groups up to one that carries an answer (one
    /// group, or a QSO's line); empty for another lesson.
    public var spokenItems: [ArraySlice<Group>] {
        var items: [ArraySlice<Group>] = []
        var first = 0
        for (index, group) in groups.enumerated() where group.spoken != nil {
            items.append(groups[first...index])
            first = index + 1
        }
        return items
    }

    /// The text that was sent, groups separated by single spaces.
    public var sentText: String { groups.map(\.text).joined(separator: " ") }
}
