/// Where everything of a spoken lesson sits in time: each item sent (a
/// group, word or callsign, or a line of a QSO), the time to think, its
/// answer spoken, and for `repeat` the item sent again; before them, a
/// level's spoken opening and its newest character sent five times, each
/// followed by its name.
///
/// The lengths of the spoken phrases come from outside (the speech
/// synthesizer's clips); the plan only adds them up. Items are taken in
/// order while the lesson still ends within its minutes (the rest of a QSO
/// or a text is left out); a text rendered as it is (`keepsEveryWord`) keeps
/// every word however long it runs.
public struct SpokenLessonPlan: Sendable, Hashable {
    /// A phrase spoken, from its start to its end.
    public struct Speech: Sendable, Hashable {
        public let phrase: String
        public let startSeconds: Double
        public let endSeconds: Double
    }

    /// One item: its words sent, its answer spoken, and the second sending of `repeat`.
    public struct Item: Sendable, Hashable {
        /// One word (a group, word or callsign), or a QSO's line.
        public let words: [[Symbol]]
        /// Each word's first sending, a word space apart.
        public let sent: [Timeline.Word]
        public let speech: Speech
        /// Each word's second sending, for `repeat`.
        public let sentAgain: [Timeline.Word]?

        /// The first sending as one stretch: the words' text, from the first's start to the last's end.
        public var sentSpan: Timeline.Word { Self.span(sent) }
        /// The second sending as one stretch, for `repeat`.
        public var sentAgainSpan: Timeline.Word? { sentAgain.map(Self.span) }

        private static func span(_ words: [Timeline.Word]) -> Timeline.Word {
            Timeline.Word(
                text: words.map(\.text).joined(separator: " "), startSeconds: words.first?.startSeconds ?? 0,
                endSeconds: words.last?.endSeconds ?? 0)
        }
    }

    public let opening: Speech?
    public let introduction: [Item]
    public let items: [Item]
    public let durationSeconds: Double
    public let timing: Timing

    /// Silence after the opening, and between the parts of `repeat`.
    public static let shortGapSeconds = 0.5

    /// The gap between two items: a word gap, at least a second.
    public static func itemGapSeconds(timing: Timing) -> Double { max(1, timing.durationSeconds(of: .word)) }

    /// About how long an item of `word` lasts, the gap before it included, before its answer is
    /// spoken (the answer's length estimated from the speaking rate): what a text is cut by.
    public static func estimatedItemSeconds(of word: [Symbol], kind: LessonKind, timing: Timing, speech: SpeechSettings) -> Double {
        let sent = KeyedDuration.seconds(of: word, timing: timing)
        let said = SpokenWords.estimatedSeconds(of: SpokenWords.phrase(for: word, kind: kind, spelling: speech.spelling), rateWPM: speech.rateWPM)
        let between = speech.placement == .before ? shortGapSeconds : speech.pauseSeconds(characters: word.count)
        let again = speech.placement == .repeated ? shortGapSeconds + sent : 0
        return itemGapSeconds(timing: timing) + sent + between + said + again
    }

    /// Lays out `items` (each one word, or a QSO's line of words; and the
    /// introduction of the `introduced` characters, when any) to fill `totalSeconds`;
    /// `speechSeconds` tells how long a phrase lasts when spoken.
    public init(
        items: [[[Symbol]]], keepsEveryWord: Bool, introduced: [Symbol], level: Int, kind: LessonKind, timing: Timing,
        speech: SpeechSettings, totalSeconds: Double, leadInSeconds: Double, tailSeconds: Double,
        speechSeconds: (String) -> Double
    ) {
        self = withoutActuallyEscaping(speechSeconds) { speechSeconds in
            SpokenLessonPlan(
                layout: Layout(time: leadInSeconds, timing: timing, kind: kind, speech: speech, speechSeconds: speechSeconds), items: items,
                keepsEveryWord: keepsEveryWord, introduced: introduced, level: level, totalSeconds: totalSeconds, tailSeconds: tailSeconds)
        }
    }

    private init(
        layout start: Layout, items given: [[[Symbol]]], keepsEveryWord: Bool, introduced: [Symbol], level: Int, totalSeconds: Double,
        tailSeconds: Double
    ) {
        var layout = start
        let speech = layout.speech
        let timing = layout.timing
        self.timing = timing
        let itemGap = Self.itemGapSeconds(timing: timing)
        if !introduced.isEmpty {
            opening = layout.say(SpokenWords.opening(level: level, introduced: introduced, spelling: speech.spelling))
            layout.time += Self.shortGapSeconds
            var introduction: [Item] = []
            for character in introduced {
                for _ in 0..<Lesson.introductionRepeats {
                    if !introduction.isEmpty { layout.time += itemGap }
                    introduction.append(layout.item([[character]], placement: .after))
                }
            }
            self.introduction = introduction
        } else {
            opening = nil
            introduction = []
        }
        let end = totalSeconds - tailSeconds
        var items: [Item] = []
        for words in given {
            let before = layout.time
            if !items.isEmpty || !introduction.isEmpty { layout.time += itemGap }
            let next = layout.item(words, placement: speech.placement)
            // At least one item, whatever the length asked.
            if !keepsEveryWord, !items.isEmpty, layout.time > end {
                layout.time = before
                break
            }
            items.append(next)
        }
        self.items = items
        durationSeconds = max(totalSeconds, layout.time + tailSeconds)
    }

    /// The time reached so far, and how each kind of item is laid out from it.
    private struct Layout {
        var time: Double
        let timing: Timing
        let kind: LessonKind
        let speech: SpeechSettings
        let speechSeconds: (String) -> Double

        mutating func say(_ phrase: String) -> Speech {
            let spoken = Speech(phrase: phrase, startSeconds: time, endSeconds: time + speechSeconds(phrase))
            time = spoken.endSeconds
            return spoken
        }

        /// Sends `words` a word space apart.
        mutating func send(_ words: [[Symbol]]) -> [Timeline.Word] {
            words.enumerated().map { index, word in
                if index > 0 { time += timing.durationSeconds(of: .word) }
                let sent = Timeline.Word(
                    text: word.map(\.text).joined(), startSeconds: time, endSeconds: time + KeyedDuration.seconds(of: word, timing: timing))
                time = sent.endSeconds
                return sent
            }
        }

        mutating func item(_ words: [[Symbol]], placement: SpeechSettings.Placement) -> Item {
            let phrase = SpokenWords.phrase(for: words, kind: kind, spelling: speech.spelling)
            let pause = speech.pauseSeconds(characters: words.reduce(0) { $0 + $1.count })
            switch placement {
            case .after:
                let sent = send(words)
                time += pause
                return Item(words: words, sent: sent, speech: say(phrase), sentAgain: nil)
            case .before:
                let spoken = say(phrase)
                time += SpokenLessonPlan.shortGapSeconds
                return Item(words: words, sent: send(words), speech: spoken, sentAgain: nil)
            case .repeated:
                let sent = send(words)
                time += pause
                let spoken = say(phrase)
                time += SpokenLessonPlan.shortGapSeconds
                return Item(words: words, sent: sent, speech: spoken, sentAgain: send(words))
            }
        }
    }

    /// Every phrase spoken, in time order.
    public var speeches: [Speech] {
        (opening.map { [$0] } ?? []) + (introduction + items).map(\.speech)
    }

    /// Every word sent, in time order, with where it was sent.
    var sendings: [(word: [Symbol], sent: Timeline.Word)] {
        (introduction + items).flatMap { item in
            Array(zip(item.words, item.sent)) + Array(zip(item.words, item.sentAgain ?? []))
        }
    }

    /// The Morse of the lesson: every sending where the plan put it, at the plan's timing.
    public var timeline: Timeline {
        Timeline(placed: sendings.map { ($0.word, $0.sent.startSeconds) }, timing: timing, durationSeconds: durationSeconds)
    }
}
