import ArgumentParser
import Foundation
import KochCore

extension PackCommand {
    /// `KOCH_TEST_INTERRUPT_AFTER_LESSONS=N`, for the tests: the run stops as
    /// at a Ctrl-C once its N-th lesson is complete (at exactly that point with `--jobs 1`).
    static func interruptAfterLessons(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        environment["KOCH_TEST_INTERRUPT_AFTER_LESSONS"].flatMap { Int($0) }
    }

    /// The levels `--levels` names (`PackPlan.levels`).
    static func levels(_ text: String, lesson: LessonCourse) throws -> [Int] {
        do throws(PackPlan.LevelsRefusal) {
            return try PackPlan.levels(text, lesson: lesson)
        } catch .malformed {
            throw ValidationError("--levels must look like 2-26, 5 or 2,4,6, not '\(text)'.")
        } catch .outsideCourse(let error) {
            throw ValidationError(
                "--levels must lie within \(error.levels.lowerBound) to \(error.levels.upperBound), not '\(text)'\(ContentOptions.courseClause(error))."
            )
        } catch .empty {
            throw ValidationError("--levels names no level.")
        }
    }

    /// The part `--shard` names (`PackPlan.shard`).
    static func shard(_ text: String) throws -> (Int, Int) {
        guard let shard = PackPlan.shard(text) else {
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/4, not '\(text)'.")
        }
        return shard
    }
}
