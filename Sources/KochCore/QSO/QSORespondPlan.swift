/// A QSO lesson to answer (`koch lesson --kind qso --respond`): the other
/// station's overs keyed at the lesson's timing, and after each a pause in
/// which the learner keys their over: long enough for it at the learner's
/// sending speed with room to spare, plus time to begin and to hand over.
public struct QSORespondPlan: Sendable, Hashable {
    /// One over and when it is in the audio: the other station's from its
    /// first key-down to its last key-up; the learner's, the whole pause.
    public struct PlacedOver: Sendable, Hashable {
        public let over: QSOOver
        public let startSeconds: Double
        public let endSeconds: Double
    }

    public let overs: [PlacedOver]
    /// The other station's words in time (what the audio keys).
    public let timeline: Timeline

    /// Time to hear the end of the other station's over and begin keying.
    public static let startSeconds = 2.0
    /// The pause that ends the learner's over, and time to spare.
    public static let endSeconds = 2.0
    /// How much slower than `learnerTiming` a learner may key and still fit.
    public static let slack = 1.3

    public init(script: QSOScript, timing: Timing, learnerTiming: Timing, leadInSeconds: Double, tailSeconds: Double) throws(MorseTextError) {
        var placedWords: [(word: [Symbol], startSeconds: Double)] = []
        var overs: [PlacedOver] = []
        var time = leadInSeconds
        for over in script.overs {
            let words = try MorseText(parsing: over.text).words
            switch over.station {
            case .other:
                let start = time
                for (index, word) in words.enumerated() {
                    if index > 0 { time += timing.durationSeconds(of: .word) }
                    placedWords.append((word, time))
                    time += KeyedDuration.seconds(of: word, timing: timing)
                }
                overs.append(PlacedOver(over: over, startSeconds: start, endSeconds: time))
            case .learner:
                let length = Self.startSeconds + Self.slack * KeyedDuration.seconds(of: words, timing: learnerTiming) + Self.endSeconds
                overs.append(PlacedOver(over: over, startSeconds: time, endSeconds: time + length))
                time += length
            }
            if over.station == .other { time += Self.startSeconds / 2 }
        }
        self.overs = overs
        timeline = Timeline(placed: placedWords, timing: timing, durationSeconds: time + tailSeconds)
    }

    public var durationSeconds: Double { timeline.durationSeconds }
}
