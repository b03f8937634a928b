/// What starting over in a direction (nil: both) would do to a learner's progress,
/// told before anything is changed so that the learner can confirm it.
public enum ResetPreview: Sendable, Hashable {
    /// No session is recorded: a new learner already starts at `restartLevel`.
    case nothingRecorded
    /// Sessions are recorded, but none in the direction asked for.
    case nothingInDirection
    /// The sessions a reset would take out and the levels it would undo.
    case removes(Removal)

    /// Where a direction starts again after a reset.
    public static let restartLevel = KochCourse.firstLevel

    public struct Removal: Sendable, Hashable {
        /// Sessions the reset would take out of the progress file.
        public let sessionCount: Int
        /// The learner's level now in each direction reset.
        public let levels: [Direction: Int]
    }

    public init(progress: LearnerProgress, direction: Direction?) {
        guard !progress.sessions.isEmpty else {
            self = .nothingRecorded
            return
        }
        let removed = progress.sessions.count - progress.resetting(direction).sessions.count
        guard removed > 0 else {
            self = .nothingInDirection
            return
        }
        let learner = LearnerState(progress: progress)
        let reset = direction.map { [$0] } ?? Direction.allCases
        self = .removes(Removal(sessionCount: removed, levels: Dictionary(uniqueKeysWithValues: reset.map { ($0, learner[$0].level) })))
    }
}
