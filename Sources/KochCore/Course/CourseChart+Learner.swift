extension CourseChart {
    /// The course a learner's chart shows when none is asked for: that of their receive
    /// level lessons if they have had one, else that of their send ones (letters for a new learner).
    public static func course(for learner: LearnerState) -> KochCourse {
        learner.receive.levelSessionCount > 0 ? learner.receive.course : learner.send.course
    }

    /// The learner's level in each direction that counts in `course`, at most its last.
    /// A direction practised on another course has no level in this one, so it is left out.
    public static func levels(of learner: LearnerState, in course: KochCourse) -> [Direction: Int] {
        var levels: [Direction: Int] = [:]
        for direction in Direction.allCases where learner[direction].levelSessionCount == 0 || learner[direction].course == course {
            levels[direction] = min(learner[direction].level, course.lastLevel)
        }
        return levels
    }

    /// The chart of `course` (nil: the learner's, `course(for:)`) marked with the learner's levels.
    public init(course asked: KochCourse?, learner: LearnerState) {
        let course = asked ?? Self.course(for: learner)
        self.init(course: course, levels: Self.levels(of: learner, in: course))
    }
}
