import KochCore

extension ProgressStore {
    /// A course's chart marked with the learner's levels.
    public struct Chart: Sendable, Hashable {
        /// The course in Koch order, each character marked where it is unlocked.
        public let chart: CourseChart
        /// The learner's level in each direction that counts in the chart's course.
        public let levels: [Direction: Int]
        /// The learner's standing the chart is marked from (the course each direction follows).
        public let learner: LearnerState
    }

    /// The chart of `course` (nil: the learner's own) from this file's sessions. A file that cannot be read throws.
    public func chart(course: KochCourse?) throws -> Chart {
        let learner = LearnerState(progress: try read())
        let chart = CourseChart(course: course, learner: learner)
        return Chart(chart: chart, levels: CourseChart.levels(of: learner, in: chart.course), learner: learner)
    }
}
