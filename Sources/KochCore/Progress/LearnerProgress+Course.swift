extension LearnerProgress {
    /// A learner follows one course per direction in their level lessons. The course an
    /// earlier level lesson of the session's direction follows, when it is not the session's:
    /// the session is then not to be recorded. Nil for the same course, for the first level
    /// lesson of a direction, and for every other kind of lesson (recorded whatever its course).
    public func otherCourse(than session: GradedSession) -> KochCourse? {
        guard session.kind.isLevelLesson else { return nil }
        return sessions.last {
            $0.direction == session.direction && $0.kind.isLevelLesson && $0.course != session.course && $0.lessonID != session.lessonID
        }?.course
    }
}
