import KochCore

/// Which lesson a learner's return is of, from its file name, the copy's first line, or the
/// learner having a single lesson (then the return is still checked against that lesson's
/// sending, `CopyMismatch`, before it is graded); never guessed beyond that.
public enum ReturnMatch: Sendable, Hashable {
    /// One lesson of the learner's; `firstLineNamesIt`: the copy's first line is the lesson's name, not copy.
    case lesson(PackLesson, firstLineNamesIt: Bool)
    /// A lesson of another learner of the pack.
    case anotherLearners(PackLesson)
    /// No lesson is named, and the learner has more than one.
    case unnamed(lessonCount: Int)
    /// The name and the first line (or either of them) name more than one lesson.
    case several([String])

    /// Matches a return named `fileName` (its first line `firstLine`, for a copy) against the
    /// learner's lessons `own` and the other learners' lessons `others`.
    public static func match(fileName: String, firstLine: String?, own: [PackLesson], others: [PackLesson]) -> ReturnMatch {
        let all = own + others
        let name = PackLesson.Naming(fileName)
        let byName = all.filter { $0.isNamed(in: name) }
        let line = firstLine.map(PackLesson.Naming.init)
        let byLine = line.map { line in all.filter { $0.isNamed(in: line) } } ?? []
        let named = unique(byName + byLine)
        switch named.count {
        case 0:
            guard own.count == 1, let only = own.first else { return .unnamed(lessonCount: own.count) }
            return .lesson(only, firstLineNamesIt: false)
        case 1:
            let lesson = named[0]
            guard own.contains(lesson) else { return .anotherLearners(lesson) }
            return .lesson(lesson, firstLineNamesIt: !byLine.isEmpty)
        default:
            return .several(named.map(\.lessonID))
        }
    }

    private static func unique(_ lessons: [PackLesson]) -> [PackLesson] {
        var seen = Set<String>()
        return lessons.filter { seen.insert($0.lessonID).inserted }
    }
}
