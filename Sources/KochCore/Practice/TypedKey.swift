/// One key a learner typed while a lesson played, at a moment of the lesson: a character, or an
/// erase (backspace). A live session's typing, kept to be placed again (`ReceiveCopy(key:replaying:)`)
/// by the one rule wherever it was typed: at a terminal or on a phone's page.
public struct TypedKey: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        case character(Character)
        case erase
    }

    /// When it was typed, in seconds of the lesson's sound from its start (a pause stops that clock).
    public let lessonSeconds: Double
    public let action: Action

    public init(lessonSeconds: Double, action: Action) {
        self.lessonSeconds = lessonSeconds
        self.action = action
    }
}
