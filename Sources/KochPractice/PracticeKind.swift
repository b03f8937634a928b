/// What a live practice session is: copying a lesson as it plays, keying characters one at a
/// time, or keying a whole exercise.
public enum PracticeKind: String, Sendable, Hashable, CaseIterable {
    case receive
    case characters
    case send
}
