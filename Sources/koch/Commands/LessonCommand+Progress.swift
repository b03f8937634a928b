import Foundation
import KochCore
import KochIO

extension LessonCommand {
    /// The level and weak-character weights a lesson is made with.
    struct LearnerPlan {
        let level: Int
        /// The course the level counts in: the learner's level lessons', else the one asked for.
        let course: KochCourse
        let extraWeight: [String: Double]
        /// Where they came from, for the learner; nil when nothing came from the file.
        let note: String?
    }

    /// `--level` if given, else the learner's level in `direction` from the
    /// progress file (2 for a new learner); and the weak characters' extra
    /// weights from the file either way. A progress file that cannot be
    /// read stops the lesson unless `--level` was given; then it is only
    /// reported.
    func learnerPlan(course: KochCourse) throws -> LearnerPlan {
        let store = progress.store
        let recorded: LearnerProgress
        do {
            recorded = try store.read()
        } catch {
            guard let level else { throw error }
            FileHandle.standardError.write(Data("Warning: \(error) Making the lesson without your weak characters.\n".utf8))
            return LearnerPlan(level: level, course: course, extraWeight: [:], note: nil)
        }
        let learner = DirectionProgress(progress: recorded, direction: direction)
        let chosen = level ?? min(learner.level, course.lastLevel)
        let weights = WeakCharacters(statistics: learner.characters).extraWeights(unlocked: course.unlocked(atLevel: chosen))
        var notes: [String] = []
        if level == nil, learner.sessionCount > 0 {
            notes.append("your \(direction.rawValue) level, from \(store.path)")
        }
        if !weights.isEmpty {
            let list = weights.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key).joined(separator: " ")
            notes.append("your weak characters come up more often: \(list)")
        }
        let learnerCourse = level == nil && learner.levelSessionCount > 0 ? learner.course : course
        return LearnerPlan(level: chosen, course: learnerCourse, extraWeight: weights, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
