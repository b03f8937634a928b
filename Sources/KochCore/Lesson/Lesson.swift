/// One Koch lesson: its words (random groups, words, callsigns, a QSO or a
/// part of a text), opened by its new characters sent on their own, laid
/// out in time, with what the answer key needs to know about them.
public struct Lesson: Sendable {
    public let settings: LessonSettings
    /// Which lesson of a batch, from 1, and how many the batch has.
    public let number: Int
    public let count: Int
    public let lessonID: String
    /// The new characters (`LessonSettings.introducedCharacters`), each sent a few times
    /// on its own before the lesson proper; not graded. Empty when the lesson has none.
    public let introduction: [[Symbol]]
    /// The words that are graded.
    public let text: MorseText
    /// The introduction then the text, in time.
    public let timeline: Timeline
    /// Where the answers are spoken, for a spoken lesson (`settings.speech`); nil otherwise.
    public let spoken: SpokenLessonPlan?
    /// Both stations' overs in time, for a contact to answer (`LessonContent.contact`); nil otherwise.
    public let qso: QSOKey?

    /// How often the introduction sends each new character.
    public static let introductionRepeats = 5

    /// Makes the `number`-th lesson of a batch of `count` from the settings
    /// and, for words and fixed texts, the content read at the edge. The
    /// same settings, content and number always give the same lesson.
    ///
    /// A spoken lesson (`settings.speech`) is laid out with its answers
    /// spoken, each phrase lasting what `speechSeconds` says (the speech
    /// synthesizer's clips, measured at the edge; without it, an estimate
    /// from the speaking rate).
    public init(
        settings: LessonSettings, content: LessonContent = .generated, number: Int = 1, count: Int = 1,
        speechSeconds: ((String) -> Double)? = nil
    ) throws(ContentError) {
        if case let .contact(plan, style, contact, learnerSpeedWPM) = content {
            self.init(settings: settings, plan: plan, style: style, contact: contact, learnerSpeedWPM: learnerSpeedWPM, number: number, count: count)
        } else {
            try self.init(settings: settings, drawing: content, number: number, count: count, speechSeconds: speechSeconds)
        }
    }

    /// A lesson of words drawn or given, spoken or not.
    private init(
        settings: LessonSettings, drawing content: LessonContent, number: Int, count: Int, speechSeconds: ((String) -> Double)?
    ) throws(ContentError) {
        self.settings = settings
        self.number = number
        self.count = count
        qso = nil
        let timing = settings.timing
        introduction = Self.introduction(for: settings)
        let keyedSeconds =
            settings.minutes * 60 - LessonSettings.leadInSeconds - LessonSettings.tailSeconds
            - Self.seconds(ofIntroduction: introduction, timing: timing)
        var generator = SeededGenerator(seed: SeededGenerator.derivedSeed(settings.seed, index: number))
        let words: [[Symbol]]
        // What a spoken lesson answers at a time, when not a word: a line.
        var lines: [[[Symbol]]]?
        switch (settings.kind, content) {
        case let (_, .fixed(given)):
            words = given
        case (_, .contact):
            words = []  // Laid out by its plan (`init(settings:plan:...)`).
        case let (_, .lines(given)):
            words = given.flatMap { $0 }
            lines = given
        case let (_, .wordList(list)):
            let selector = WordSelector(wordList: list, characters: settings.characters, extraWeight: settings.extraWeight)
            guard selector.words.count >= WordSelector.minimumWordCount else {
                throw .noUsableWords(characters: settings.characters.map(\.text).joined(separator: " "))
            }
            words = try selector.words(lastingSeconds: keyedSeconds, timing: timing, using: &generator)
        case (.callsigns, .generated):
            let callsigns = try CallsignGenerator(characters: settings.characters)
            words = callsigns.callsigns(lastingSeconds: keyedSeconds, timing: timing, using: &generator)
        case (_, .generated):
            words = Self.groups(for: settings, lastingSeconds: keyedSeconds, using: &generator)
        }
        if let speech = settings.speech {
            // A QSO holds what fits in the minutes, so the lesson lasts what was asked; a text's part,
            // cut by its words' spoken lengths, is sent whole (a word left out would be lost to the reader).
            let plan = SpokenLessonPlan(
                items: lines ?? words.map { [$0] }, keepsEveryWord: settings.kind == .text,
                introduced: introduction.isEmpty ? [] : settings.introducedCharacters,
                level: settings.level,
                kind: settings.kind, timing: timing, speech: speech, totalSeconds: settings.minutes * 60,
                leadInSeconds: LessonSettings.leadInSeconds, tailSeconds: LessonSettings.tailSeconds,
                speechSeconds: speechSeconds ?? { SpokenWords.estimatedSeconds(of: $0, rateWPM: speech.rateWPM) })
            spoken = plan
            text = MorseText(words: plan.items.flatMap(\.words))
            timeline = plan.timeline
        } else {
            spoken = nil
            text = MorseText(words: words)
            timeline = Timeline(
                text: MorseText(words: introduction + words), timing: timing,
                leadInSeconds: LessonSettings.leadInSeconds, tailSeconds: LessonSettings.tailSeconds)
        }
        lessonID = Self.identifier(settings: settings, number: number, words: words)
    }

    /// Random groups of the settings' characters lasting `keyedSeconds`; for a drill, each group
    /// holding one of its pairs (`PairDrillGenerator`).
    static func groups(for settings: LessonSettings, lastingSeconds keyedSeconds: Double, using generator: inout SeededGenerator) -> [[Symbol]] {
        if let drill = settings.drill, !drill.symbolPairs.isEmpty {
            let level = GroupGenerator(course: settings.course, level: settings.level, extraWeight: settings.extraWeight)
            let groups = PairDrillGenerator(level: level, pairs: drill.symbolPairs)
            return groups.groups(lastingSeconds: keyedSeconds, timing: settings.timing, using: &generator)
        }
        let groups = GroupGenerator(characters: settings.characters, newest: settings.newestCharacter, extraWeight: settings.extraWeight)
        return groups.groups(lastingSeconds: keyedSeconds, timing: settings.timing, using: &generator)
    }

    /// The new characters each sent `introductionRepeats` times, for a lesson to copy that opens with them.
    static func introduction(for settings: LessonSettings) -> [[Symbol]] {
        guard settings.introduction, settings.direction == .receive else { return [] }
        return settings.introducedCharacters.flatMap { Array(repeating: [$0], count: introductionRepeats) }
    }

    /// How long the introduction takes, with the word gap after it; 0 without one.
    static func seconds(ofIntroduction introduction: [[Symbol]], timing: Timing) -> Double {
        guard !introduction.isEmpty else { return 0 }
        return Timeline.keyedSeconds(of: MorseText(words: introduction), timing: timing) + timing.durationSeconds(of: .word)
    }

    public var characters: [Symbol] { settings.characters }
    public var newestCharacter: Symbol? { settings.newestCharacter }

    /// The graded words in time: the timeline's words after the introduction.
    /// In a spoken lesson, the first sending of each item's words.
    public var gradedWords: ArraySlice<Timeline.Word> {
        if let spoken { return ArraySlice(spoken.items.flatMap(\.sent)) }
        return timeline.words.dropFirst(introduction.count)
    }

    /// A short identifier that names the lesson for grading: level, then a
    /// hash of everything that decided its content (FNV-1a, mixed, 48 bits).
    /// A contact to answer hashes its learner's overs and their speed too, so that its ID is never
    /// a plain QSO lesson's.
    static func identifier(settings: LessonSettings, number: Int, words: [[Symbol]], contact: QSOKey? = nil) -> String {
        var canonical = [
            settings.course.rawValue, settings.direction.rawValue, "\(settings.level)", "\(settings.minutes)",
            "\(settings.characterSpeedWPM)", "\(settings.effectiveSpeedWPM)", "\(settings.toneHz)",
            "\(settings.seed)", "\(number)",
            settings.extraWeight.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
        ].joined(separator: "|")
        canonical += "|\(settings.kind.rawValue)|\(settings.customCharacters ?? "")|\(settings.introduction)|\(settings.conditions)"
        if let speech = settings.speech {
            canonical +=
                "|speech:\(speech.placement.rawValue),\(speech.spelling?.rawValue ?? ""),\(speech.voice),\(speech.rateWPM),\(speech.pauseSeconds.map { "\($0)" } ?? "")"
        }
        // A fixed text (a QSO, a book) decides the content by itself.
        if settings.kind == .qso || settings.kind == .text {
            canonical += "|" + words.map { $0.map(\.text).joined() }.joined(separator: " ")
        }
        if let drill = settings.drill {
            canonical += "|drill:\(drill.kind.rawValue)," + drill.pairs.map { "\($0.characters.joined())=\($0.weight)" }.joined(separator: ",")
        }
        if let contact {
            canonical += "|respond:\(contact.style),\(contact.learnerSpeedWPM)|" + contact.learnerOvers.map(\.text).joined(separator: "|")
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in canonical.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        // SplitMix64's finaliser, so that similar settings give unlike IDs.
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        let hex = String(hash & 0xFFFF_FFFF_FFFF, radix: 16)
        let prefix = settings.direction == .send ? "S" : "R"
        return "\(prefix)\(settings.level < 10 ? "0" : "")\(settings.level)-" + String(repeating: "0", count: 12 - hex.count) + hex
    }
}
