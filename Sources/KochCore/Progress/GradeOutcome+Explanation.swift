extension GradeOutcome {
    /// What the session did to the level and why, by the method's rules, in one sentence for the learner.
    public var levelExplanation: String {
        let name = session.direction.rawValue.capitalized
        let standing = "\(name) level \(after.level) of \(after.course.lastLevel)"
        switch levelDecision {
        case let .up(level):
            // One level up from where the learner stood on the lesson's date, whatever level the lesson was made at.
            let added = after.course.unlocked(atLevel: level).dropFirst(level - 1).map(\.text).joined(separator: " ")
            let made = session.level > level - 1 ? " (the lesson was made at level \(session.level); a level adds one character at a time)" : ""
            return "Level up! \(name) level \(level - 1) → \(level) of \(after.course.lastLevel): new character \(added)\(made)."
        case .courseComplete:
            return "\(standing): every character of the course is unlocked."
        case let .review(lessonLevel):
            return "\(standing) (this was a review at level \(lessonLevel), below yours: it counts for your schedule, not your level)."
        case let .tooFewCharacters(sent):
            return "\(standing): too few characters (\(sent)) to move up; a lesson needs \(DirectionProgress.advancementMinimumCharacters)."
        case .belowPassMark:
            let pass = "\(DirectionProgress.advancementPercent) % over at least \(DirectionProgress.advancementMinimumCharacters) characters"
            return "\(standing): \(pass) moves you up."
        case .partialCopy:
            return "\(standing) and your practice schedule are unchanged: recorded as a partial copy (--partial), which counts for your "
                + "streak and your history only, not your character statistics."
        case let .notLevelLesson(kind) where kind.isSelfScored:
            return "It counts for your streak and your practice schedule; your level (\(after.level)) and character statistics are unchanged."
        case let .notLevelLesson(kind):
            var line =
                "\(standing) and your practice schedule are unchanged: this was \(kind.lessonName), which counts for your character statistics and your streak"
            if session.course != after.course { line += " (characters outside the \(after.course.rawValue) course under their own names)" }
            return line + ". Only level lessons (koch lesson) move the level and the schedule."
        }
    }

    /// For a lesson graded before, checked without recording (a dry run): where the learner stands
    /// with the earlier result, and what grading it again in that result's place (`--replace`)
    /// would make of the level. Nil for a lesson not graded before.
    public var replacementExplanation: [String]? {
        guard let earlier = replaced else { return nil }
        let name = session.direction.rawValue
        let now = learnerRecorded[session.direction].level
        let last = after.course.lastLevel
        let level: String
        switch (after.level, levelDecision) {
        case (now, .up(let up)): level = "stay \(now) of \(last) (this grade, like the earlier one, moves it from \(up - 1) to \(up))"
        case (now, _): level = "stay \(now) of \(last)"
        default: level = "be \(after.level) of \(last)"
        }
        return [
            "Lesson \(earlier.lessonID) was graded before (done \(earlier.date.day), \(DayText.percent(earlier.accuracy))): "
                + "your \(name) level is \(now) of \(last).",
            "With --replace this grade (\(DayText.percent(session.accuracy))) would take that result's place, and your \(name) level would \(level).",
        ]
    }
}
