import Foundation

extension PackPlan {
    /// How many lessons a folder (a level's or a learner's) may hold.
    public static let lessonsPerFolder: ClosedRange<Int> = 1...99
    /// How many lessons may be made at once.
    public static let jobs: ClosedRange<Int> = 1...256

    /// Whether the answer keys go apart from the learners' files (into `teacher/`): as asked
    /// (`keysSeparate`), else apart for a roster's pack, which goes to its learners.
    public static func keysSeparate(asked keysSeparate: Bool?, roster: Bool) -> Bool {
        keysSeparate ?? roster
    }

    /// A list of levels that cannot be a pack's.
    public enum LevelsRefusal: Error, Sendable, Hashable {
        /// Not like `2-26`, `5` or `2,4,6`.
        case malformed
        /// A level the lesson's course has not.
        case outsideCourse(LevelOutsideCourse)
        case empty
    }

    /// The levels `text` names (`2-26`, `5`, `2,4,6`), in order and each once, every one of them the
    /// lesson's course has (`LessonCourse`).
    public static func levels(_ text: String, lesson: LessonCourse) throws(LevelsRefusal) -> [Int] {
        var levels: [Int] = []
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-", maxSplits: 1).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard bounds.allSatisfy({ $0 != nil }), let low = bounds.first ?? nil, let high = bounds.last ?? nil, low <= high else {
                throw .malformed
            }
            do throws(LevelOutsideCourse) {
                try lesson.check(level: low)
                try lesson.check(level: high)
            } catch {
                throw .outsideCourse(error)
            }
            levels += Array(low...high)
        }
        guard !levels.isEmpty else { throw .empty }
        return Array(Set(levels)).sorted()
    }

    /// The part `text` names of a pack made in parts (`2/4`: the second of four), nil when it is
    /// not one: K of N, 1 ≤ K ≤ N.
    public static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else { return nil }
        return (index, count)
    }
}
