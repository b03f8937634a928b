extension LessonSettings {
    /// Refuses spoken answers on a send exercise: it is keyed from its sheet, and its answers spoken
    /// would say aloud what the learner is to key.
    public static func checkSpeech(_ speech: SpeechSettings?, direction: Direction) throws(SpokenSendExercise) {
        if speech != nil, direction == .send { throw SpokenSendExercise() }
    }

    /// Refuses these settings' spoken answers when they are a send exercise's (`checkSpeech(_:direction:)`).
    public func checkSpeech() throws(SpokenSendExercise) {
        try Self.checkSpeech(speech, direction: direction)
    }
}

/// Spoken answers asked for on a send exercise, which is keyed from its sheet.
public struct SpokenSendExercise: Error, Sendable, Hashable, CustomStringConvertible {
    public init() {}

    public var description: String {
        "Spoken answers are for lessons to copy: a send exercise is keyed from its sheet. Make it without spoken answers, or make a receive lesson."
    }
}
