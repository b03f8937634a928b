import KochCore

/// A learner of the class after a grading run: their lessons in the pack and their progress as recorded.
public struct ClassLearner: Sendable {
    public let learner: RosterLoader.Learner
    public let lessons: [PackLesson]
    /// Nil when there is no progress file to read (a roster line with a level) or it cannot be read.
    public let progress: LearnerProgress?

    public init(learner: RosterLoader.Learner, lessons: [PackLesson], progress: LearnerProgress?) {
        self.learner = learner
        self.lessons = lessons
        self.progress = progress
    }

    /// The direction of the learner's lessons in the pack (a pack is made for one).
    public var direction: Direction { lessons.first?.key.direction ?? .receive }
}
