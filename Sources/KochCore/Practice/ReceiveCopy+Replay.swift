extension ReceiveCopy {
    /// How long typing goes on after the lesson's sound has ended: the last group's window, as
    /// every other group's reaches to the next one's end.
    public static let lastTypingSeconds = 3.0

    /// The copy a session's typing makes, each key placed in turn as it was typed live.
    public init(key: AnswerKey, replaying typed: [TypedKey]) {
        self.init(key: key)
        for typedKey in typed {
            switch typedKey.action {
            case let .character(character): type(character, atLessonSeconds: typedKey.lessonSeconds)
            case .erase: erase(atLessonSeconds: typedKey.lessonSeconds)
            }
        }
    }

    /// The copy to grade of a lesson stopped `seconds` in (nil: played to its end), and the stop it is
    /// graded to: a stop at or after the lesson's end is no stop.
    public func graded(stoppedAtLessonSeconds seconds: Double?) -> (text: String, stoppedAtSeconds: Double?) {
        guard let stop = stop(atLessonSeconds: seconds) else { return (text, nil) }
        return (text(stoppedAtLessonSeconds: stop), stop)
    }

    /// Where a lesson stopped `seconds` in is graded to: nowhere (nil) at or after its end.
    public func stop(atLessonSeconds seconds: Double?) -> Double? {
        seconds.flatMap { $0 < key.durationSeconds ? $0 : nil }
    }
}
