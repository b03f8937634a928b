import KochCore
import KochIO

/// A learner's progress as read from the database, for a service that reads it (`LessonRequest`,
/// `Grader` in a dry run): recording goes through the database's own transaction
/// (`ClassDatabase.recordSubmission`), so an update here is refused.
struct ProgressSnapshot: ProgressRecords {
    let progress: LearnerProgress
    let path: String

    func read() throws -> LearnerProgress { progress }

    func update<T>(_ change: (LearnerProgress) throws -> (LearnerProgress?, T)) throws -> T {
        throw ServerRefusal.notGradable("The server records through its database only.")
    }
}
