extension LearnerProgress {
    /// A learner follows one course per direction in their level lessons. The course an
    /// earlier level lesson of the session's direction follows, when it is not the session's:
    /// the session is then not to be recorded; a direction's start (`StartingLevel`) sets its course
    /// as a first lesson would. Nil for the same course, for the first level lesson of a direction
    /// that has no start, and for every other kind of lesson (recorded whatever its course).
    public func otherCourse(than session: GradedSession) -> KochCourse? {
        guard session.kind.isLevelLesson else { return nil }
        let earlier = sessions.last {
            $0.direction == session.direction && $0.kind.isLevelLesson && $0.course != session.course && $0.lessonID != session.lessonID
        }?.course
        if let earlier { return earlier }
        guard let start = start[session.direction], start.course != session.course else { return nil }
        return start.course
    }
}
