/// The level, the course it counts in and the weak characters' weights a lesson is made with,
/// from the level asked for and the learner's progress: one rule for a lesson and a class's pack.
///
/// - The level: the one asked for, else the learner's in the lesson's direction (2 for a new
///   learner), at most the last of the course it counts in.
/// - The course the level counts in (a QSO's style follows it): the course of the learner's
///   level lessons when the level is theirs and they have had one, else `LessonCourse.levelCourse`.
/// - The weights: the learner's weak characters among those unlocked at the level
///   (`WeakCharacters.extraWeights`); none without a progress.
public struct LessonPlan: Sendable, Hashable {
    public let level: Int
    /// The course the level counts in.
    public let course: KochCourse
    public let extraWeight: [String: Double]
    /// Whether the level is the learner's, from a progress that holds sessions.
    public let levelFromProgress: Bool

    /// `progress`: the learner's, nil when it could not be read (then `level` is the one asked for).
    public init(level asked: Int?, lesson: LessonCourse, direction: Direction, progress: LearnerProgress?) {
        let askedCourse = lesson.levelCourse(level: asked)
        guard let progress else {
            level = asked ?? KochCourse.firstLevel
            course = askedCourse
            extraWeight = [:]
            levelFromProgress = false
            return
        }
        let learner = DirectionProgress(progress: progress, direction: direction)
        level = asked ?? min(learner.level, askedCourse.lastLevel)
        extraWeight = WeakCharacters(statistics: learner.characters).extraWeights(unlocked: askedCourse.unlocked(atLevel: level))
        levelFromProgress = asked == nil && learner.sessionCount > 0
        course = asked == nil && (learner.levelSessionCount > 0 || progress.start[direction] != nil) ? learner.course : askedCourse
    }

    /// The characters weighted more, the heaviest first (then in alphabetical order).
    public var weakCharacters: [String] {
        extraWeight.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    }
}
