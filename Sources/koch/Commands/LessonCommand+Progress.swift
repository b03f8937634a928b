import Foundation
import KochCore
import KochIO

extension LessonCommand {
    /// The lesson's plan (`LessonPlan`) from `--level` and the progress file, with a note of what
    /// came from the file (nil when nothing did); `LessonPlan.planning` decides what an unreadable
    /// file does.
    func learnerPlan(lesson: LessonCourse) throws -> (plan: LessonPlan, note: String?) {
        try Self.learnerPlan(level: level, lesson: lesson, direction: direction, store: progress.store)
    }

    /// The plan for a lesson in `direction` at `level` (nil: the learner's level in `store`).
    static func learnerPlan(
        level: Int?, lesson: LessonCourse, direction: Direction, store: ProgressStore
    ) throws -> (plan: LessonPlan, note: String?) {
        let plan: LessonPlan
        switch try LessonPlan.planning(level: level, lesson: lesson, direction: direction, progress: store.read) {
        case .planned(let planned):
            plan = planned
        case .plannedWithoutProgress(let planned, let error):
            FileHandle.standardError.write(Data("Warning: \(error) Making the lesson without your weak characters.\n".utf8))
            plan = planned
        }
        var notes: [String] = []
        if plan.levelFromProgress { notes.append("your \(direction.rawValue) level, from \(store.path)") }
        if !plan.weakCharacters.isEmpty {
            notes.append("your weak characters come up more often: \(plan.weakCharacters.joined(separator: " "))")
        }
        return (plan, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
