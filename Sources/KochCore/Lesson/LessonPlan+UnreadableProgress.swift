extension LessonPlan {
    /// A lesson's plan when the learner's progress could not be read.
    public enum Outcome: Sendable {
        /// The progress was read (or there was none to read).
        case planned(LessonPlan)
        /// The progress could not be read, but a level was asked for: the lesson is made at
        /// it without the learner's weak characters, and the learner should be told why.
        case plannedWithoutProgress(LessonPlan, unreadable: any Error)
    }

    /// The plan from the level asked for and the learner's progress, read by `read`. A progress
    /// that cannot be read stops the lesson (the error is thrown) unless a level was asked for,
    /// since only then does the lesson not depend on the file.
    public static func planning(
        level asked: Int?, lesson: LessonCourse, direction: Direction, progress read: () throws -> LearnerProgress
    ) throws -> Outcome {
        do {
            let progress = try read()
            return .planned(LessonPlan(level: asked, lesson: lesson, direction: direction, progress: progress))
        } catch {
            guard asked != nil else { throw error }
            return .plannedWithoutProgress(LessonPlan(level: asked, lesson: lesson, direction: direction, progress: nil), unreadable: error)
        }
    }
}
