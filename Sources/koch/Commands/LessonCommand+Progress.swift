import Foundation
import KochCore
import KochIO

extension LessonCommand {
    /// The lesson's plan (`LessonPlan`) from `--level` and the progress file, with a note of what
    /// came from the file (nil when nothing did). A progress file that cannot be read stops the
    /// lesson unless `--level` was given; then it is only reported.
    func learnerPlan(lesson: LessonCourse) throws -> (plan: LessonPlan, note: String?) {
        let store = progress.store
        let recorded: LearnerProgress?
        do {
            recorded = try store.read()
        } catch {
            guard level != nil else { throw error }
            FileHandle.standardError.write(Data("Warning: \(error) Making the lesson without your weak characters.\n".utf8))
            recorded = nil
        }
        let plan = LessonPlan(level: level, lesson: lesson, direction: direction, progress: recorded)
        var notes: [String] = []
        if plan.levelFromProgress { notes.append("your \(direction.rawValue) level, from \(store.path)") }
        if !plan.weakCharacters.isEmpty {
            notes.append("your weak characters come up more often: \(plan.weakCharacters.joined(separator: " "))")
        }
        return (plan, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
