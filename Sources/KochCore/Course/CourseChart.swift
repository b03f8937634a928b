/// Every character of a course in Koch order, with its pattern, the level
/// that unlocks it, and in which directions a learner has it unlocked.
public struct CourseChart: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public let character: String
        /// Dits and dahs, `.-.`.
        public let pattern: String
        /// The level at which it is unlocked (the first two both at 2).
        public let level: Int
        /// The directions in which the learner has it.
        public let unlockedIn: Set<Direction>
    }

    public let course: KochCourse
    public let rows: [Row]

    /// The chart of `course` for a learner at `levels` (a direction left out has nothing unlocked).
    public init(course: KochCourse, levels: [Direction: Int]) {
        self.course = course
        rows = course.order.enumerated().map { index, symbol in
            let level = max(index + 1, KochCourse.firstLevel)
            return Row(
                character: symbol.text, pattern: symbol.pattern, level: level,
                unlockedIn: Set(levels.filter { $0.value >= level }.keys))
        }
    }
}
