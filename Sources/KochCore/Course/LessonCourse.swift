/// Which course a lesson belongs to and the levels it may be made at, from its kind and the
/// course asked for: the one rule behind `koch lesson`, `koch pack` and a roster's levels.
///
/// | kind | course asked | characters sent | levels allowed | the level counts in |
/// |---|---|---|---|---|
/// | groups, words, callsigns | C | C's | C's | C |
/// | groups, words, callsigns | none | the letters' | 2 to 26 | letters |
/// | qso, text | C | the full course's | C's | C |
/// | qso, text | none | the full course's | 2 to 41 | letters to 26, full above |
///
/// A lesson of a level's characters sends its course's; a QSO or a text sends the whole full
/// course and its level only chooses, say, a QSO's style, counted in the course the learner
/// follows: letters, as a new learner does, unless the level is one only the full course has.
public struct LessonCourse: Sendable, Hashable {
    public let kind: LessonKind
    /// The course asked for (`--course`); nil when none was.
    public let asked: KochCourse?

    public init(kind: LessonKind, asked: KochCourse?) {
        self.kind = kind
        self.asked = asked
    }

    /// The course whose characters the lesson sends (`LessonSettings.course`).
    public var course: KochCourse {
        kind.usesLevel ? asked ?? .letters : .full
    }

    /// The course whose levels bound the lesson's level.
    public var levelsCourse: KochCourse {
        asked ?? course
    }

    /// The levels the lesson may be made at.
    public var levels: ClosedRange<Int> { levelsCourse.levels }

    /// The course `level` counts in (nil: the learner's level, not yet known): the one asked
    /// for, else letters, or the full course for a level beyond the letters'.
    public func levelCourse(level: Int?) -> KochCourse {
        if let asked { return asked }
        if kind.usesLevel { return course }
        if let level, !KochCourse.letters.levels.contains(level), KochCourse.full.levels.contains(level) { return .full }
        return .letters
    }

    /// Throws when the lesson cannot be made at `level`.
    public func check(level: Int) throws(LevelOutsideCourse) {
        guard levels.contains(level) else { throw LevelOutsideCourse(level: level, kind: kind, course: levelsCourse, asked: asked != nil) }
    }
}

/// A level a lesson's course has not.
public struct LevelOutsideCourse: Error, Sendable, Hashable, CustomStringConvertible {
    public let level: Int
    public let kind: LessonKind
    /// The course whose levels bound the lesson's.
    public let course: KochCourse
    /// Whether that course was asked for, rather than followed from the lesson's kind.
    public let asked: Bool

    public var levels: ClosedRange<Int> { course.levels }

    /// Another course that has the level, to suggest.
    public var otherCourse: KochCourse? {
        KochCourse.allCases.first { $0 != course && $0.levels.contains(level) }
    }

    public var description: String {
        let whose = !asked && !kind.usesLevel ? "the \(course.rawValue) course a \(kind.rawValue) lesson follows" : "the \(course.rawValue) course"
        let other = otherCourse.map { "; the \($0.rawValue) course has levels \($0.levels.lowerBound) to \($0.lastLevel)" } ?? ""
        return "Level \(level) is not a level of \(whose), whose levels run from \(course.levels.lowerBound) to \(course.lastLevel)\(other)."
    }
}
