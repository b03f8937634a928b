/// The exercise a live practice session is (`koch practice --exercise`): copying a lesson as it
/// plays, keying characters one at a time, or keying a whole exercise.
public enum PracticeExercise: String, Sendable, Hashable, CaseIterable {
    case receive
    case characters
    case send
}
