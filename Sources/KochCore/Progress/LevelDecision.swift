/// What a graded session did to the level, and why: the advancement rule
/// (`DirectionProgress`) spelled out for the learner.
public enum LevelDecision: Sendable, Hashable {
    /// Passed at or above the learner's level: one level up (one new character).
    case up(to: Int)
    /// Passed, but every character of the course is already unlocked.
    case courseComplete
    /// A level lesson below the learner's level: it moved the schedule, not the level.
    case review(lessonLevel: Int)
    /// Under 90 %.
    case belowPassMark
    /// Too few characters graded (a short lesson, or one stopped early) to move the level.
    case tooFewCharacters(Int)
    /// Not a level lesson: statistics and streak only.
    case notLevelLesson(SessionKind)
    /// A copy of under a quarter of the lesson recorded with `--partial`: the streak and the history only.
    case partialCopy

    /// Whether the session moved the schedule: a level lesson, or a kind that does (`SessionKind.movesSchedule`).
    public var movedSchedule: Bool {
        switch self {
        case let .notLevelLesson(kind): return kind.movesSchedule
        case .partialCopy: return false
        default: return true
        }
    }

    /// A word for JSON: up, courseComplete, review, belowPassMark, tooFewCharacters, notLevelLesson, partialCopy.
    public var name: String {
        switch self {
        case .up: "up"
        case .courseComplete: "courseComplete"
        case .review: "review"
        case .belowPassMark: "belowPassMark"
        case .tooFewCharacters: "tooFewCharacters"
        case .notLevelLesson: "notLevelLesson"
        case .partialCopy: "partialCopy"
        }
    }
}
