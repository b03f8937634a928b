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
}
