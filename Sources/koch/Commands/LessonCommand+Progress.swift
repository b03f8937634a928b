import ArgumentParser
import Foundation
import KochCore
import KochIO
import KochLessons

extension LessonCommand {
    /// `request` with the learner's progress in `store` read (`LessonRequest.prepared`), saying on
    /// standard error why the file was not used when it was not. A drill with nothing confused
    /// says why there is none and what to do instead, and stops with status 1 (nothing is written).
    static func prepared(_ request: LessonRequest, store: ProgressStore) throws -> PreparedLesson {
        let prepared: PreparedLesson
        do {
            prepared = try request.prepared(progress: store)
        } catch let nothing as NothingConfused {
            print(DrillOption.nothingConfused(nothing.confusions, hint: LessonHint.command(direction: request.direction, course: nothing.course)))
            throw ExitCode.failure
        }
        if let warning = prepared.warning { warn(warning) }
        return prepared
    }

    /// The plan for a lesson in `direction` at `level` (nil: the learner's level in `store`), with its
    /// note (`LessonRequest.plan`); for `koch practice`, which reads the plan apart from its settings.
    static func learnerPlan(
        level: Int?, lesson: LessonCourse, direction: Direction, store: ProgressStore
    ) throws -> (plan: LessonPlan, note: String?) {
        let (plan, note, warning) = try LessonRequest.plan(
            level: level, lesson: lesson, direction: direction, progressPath: store.path, progress: Result { try store.read() })
        if let warning { warn(warning) }
        return (plan, note)
    }

    private static func warn(_ warning: String) {
        FileHandle.standardError.write(Data("Warning: \(warning)\n".utf8))
    }
}
