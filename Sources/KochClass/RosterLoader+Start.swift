import KochCore
import KochIO

extension RosterLoader {
    /// What became of the progress file of a learner the roster gives a level.
    public enum Start: Sendable, Hashable {
        /// Started at the roster's level.
        case started(level: Int)
        /// There already, and used as it is: the learner's level there (the roster's may differ:
        /// the file holds what the learner has done since, and a level never goes down).
        case kept(level: Int)
    }

    /// Starts the progress file of every learner the roster gives a level, at that level in
    /// `direction` (their first `level` characters of `course`), unless that direction of it is
    /// started or practised already;
    /// `each` is told of every such learner. Learners with a progress file in the roster are left alone.
    public func startProgressFiles(
        direction: Direction, course: KochCourse, each: (_ learner: Learner, _ start: Start) -> Void = { _, _ in }
    ) throws {
        for learner in try learners(course: course) {
            guard let level = learner.level else { continue }
            try each(learner, startProgressFile(of: learner, at: level, direction: direction, course: course))
        }
    }

    /// Starts one learner's progress file at `level` in `direction`, unless that direction of it is started or practised.
    func startProgressFile(of learner: Learner, at level: Int, direction: Direction, course: KochCourse) throws -> Start {
        var start = StartingLevels()
        start[direction] = StartingLevel(level: level, course: course)
        guard let existing = try ProgressStore(path: learner.progressPath).start(start) else { return .started(level: level) }
        return .kept(level: DirectionProgress(progress: existing, direction: direction).level)
    }
}
