/// When each element of a text is keyed: the instants at which the key
/// goes down and up, in seconds from the start of the audio.
public struct Timeline: Sendable, Hashable {
    /// One key-down interval.
    public struct Mark: Sendable, Hashable {
        public let startSeconds: Double
        public let endSeconds: Double
        public let element: Element
        /// Which word of the text, from 0.
        public let wordIndex: Int
        public var durationSeconds: Double { endSeconds - startSeconds }
    }

    /// One word (or group) of the text, from its first key-down to its last key-up.
    public struct Word: Sendable, Hashable {
        public let text: String
        public let startSeconds: Double
        public let endSeconds: Double
    }

    public let marks: [Mark]
    public let words: [Word]
    /// Length of the whole audio, including the silence at each end.
    public let durationSeconds: Double

    /// Lays out a text: a lead-in silence, the words, then a tail silence.
    public init(text: MorseText, timing: Timing, leadInSeconds: Double = 0.5, tailSeconds: Double = 0.5) {
        var marks: [Mark] = []
        var words: [Word] = []
        var time = leadInSeconds
        for (wordIndex, word) in text.words.enumerated() {
            if wordIndex > 0 { time += timing.durationSeconds(of: .word) }
            let wordStart = time
            for (symbolIndex, symbol) in word.enumerated() {
                if symbolIndex > 0 { time += timing.durationSeconds(of: .character) }
                for (elementIndex, element) in symbol.elements.enumerated() {
                    if elementIndex > 0 { time += timing.durationSeconds(of: .intraCharacter) }
                    let end = time + timing.durationSeconds(of: element)
                    marks.append(Mark(startSeconds: time, endSeconds: end, element: element, wordIndex: wordIndex))
                    time = end
                }
            }
            words.append(Word(text: word.map(\.text).joined(), startSeconds: wordStart, endSeconds: time))
        }
        self.marks = marks
        self.words = words
        self.durationSeconds = time + tailSeconds
    }

    /// Words keyed at given instants (a spoken lesson's, with speech between
    /// them), each laid out at the timing from its first key-down; the audio
    /// lasts `durationSeconds`. The words must not overlap.
    public init(placed: [(word: [Symbol], startSeconds: Double)], timing: Timing, durationSeconds: Double) {
        var marks: [Mark] = []
        var words: [Word] = []
        for (wordIndex, placement) in placed.enumerated() {
            var time = placement.startSeconds
            for (symbolIndex, symbol) in placement.word.enumerated() {
                if symbolIndex > 0 { time += timing.durationSeconds(of: .character) }
                for (elementIndex, element) in symbol.elements.enumerated() {
                    if elementIndex > 0 { time += timing.durationSeconds(of: .intraCharacter) }
                    let end = time + timing.durationSeconds(of: element)
                    marks.append(Mark(startSeconds: time, endSeconds: end, element: element, wordIndex: wordIndex))
                    time = end
                }
            }
            words.append(Word(text: placement.word.map(\.text).joined(), startSeconds: placement.startSeconds, endSeconds: time))
        }
        self.marks = marks
        self.words = words
        self.durationSeconds = durationSeconds
    }

    /// Length of a text at a timing, without laying out every element:
    /// from the first key-down to the last key-up.
    public static func keyedSeconds(of text: MorseText, timing: Timing) -> Double {
        KeyedDuration.seconds(of: text.words, timing: timing)
    }
}
