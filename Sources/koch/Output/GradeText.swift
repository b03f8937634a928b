import KochClass
import KochCore
import KochLessons

/// What `koch grade` prints for a person.
struct GradeText {
    let key: AnswerKey
    let score: Score
    let outcome: GradeOutcome
    let today: CalendarDay
    let recorded: Bool
    let progressFile: String
    /// Set when graded from a recording (`--audio`).
    var keying: KeyingRecording?
    /// What the copy holds that is no Morse character (emoji, letters of other scripts).
    var unreadable: [String] = []
    /// How many groups the whole lesson has, when it was stopped early (`--stopped-at`).
    var groupsInLesson: Int?
    /// Said in place of where it was recorded, when it was not.
    var notRecorded = "Dry run: nothing recorded."

    var text: String {
        var lines: [String] = []
        let session = outcome.session
        let unlocked = WrittenTokens.split(key.characters).joined(separator: " ")
        let what: String
        switch session.kind {
        case .groups: what = "level \(key.level) (\(unlocked))"
        case .drill: what = "a drill of \(unlocked)"
        case .words, .callsigns: what = "\(session.kind.rawValue) at level \(key.level) (\(unlocked))"
        case .qso: what = "a QSO (\(unlocked))"
        case .text: what = "a text (\(unlocked))"
        case .other: what = "level \(key.level)"
        case .spoken: what = "a spoken lesson at level \(key.level) (\(unlocked)), self-scored"
        }
        lines.append("Lesson \(key.lessonID): \(key.direction.rawValue), \(what), done \(session.date.day) \(session.date.timeOfDay)")
        let copied = keying == nil ? "copied" : "keyed"
        if let keying {
            let tone = keying.toneHz.map { ", tone \(Int($0.rounded())) Hz" } ?? ""
            let hint = keying.speedHintWPM.map { ", at the exercise's \($0.formatted) WPM (the decoder's own speed reading fitted worse)" } ?? ""
            if let log = keying.eventLog {
                lines.append("Read from the event log \(keying.file) (\(log)): \(keying.result.output.characters.count) characters")
            } else {
                lines.append("Decoded from \(keying.file)\(tone)\(hint): \(keying.result.output.characters.count) characters")
            }
        }
        if let groupsInLesson, let stop = session.stoppedAtSeconds {
            lines.append("Stopped at \(LessonMoment.text(stop)): graded the \(key.groups.count) of \(groupsInLesson) groups sent before then.")
        }
        var summary = "Accuracy \(DayText.percent(score.accuracy)): \(score.correct) of \(score.sent) characters right"
        if score.inserted > 0 { summary += ", \(score.inserted) extra \(keying == nil ? "written" : "keyed")" }
        lines.append(summary)
        if !unreadable.isEmpty {
            let count = unreadable.count == 1 ? "1 sign that is" : "\(unreadable.count) signs that are"
            lines.append(
                "Your copy holds \(count) no Morse character (\(unreadable.joined(separator: " "))): "
                    + "each counts as a wrong or extra character, shown as ?.")
        }

        let troubled = score.characters.filter { $0.value.correct < $0.value.attempts }.sorted { lhs, rhs in
            (lhs.value.correct * rhs.value.attempts, lhs.key) < (rhs.value.correct * lhs.value.attempts, rhs.key)
        }
        if troubled.isEmpty {
            lines.append("Every character sent was \(copied) right.")
        } else {
            lines.append("")
            lines.append("Characters missed or mistaken:")
            for (character, statistics) in troubled {
                var parts = statistics.mistakenFor.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "as \($0.key) ×\($0.value)" }
                if statistics.missed > 0 { parts.append("not copied ×\(statistics.missed)") }
                lines.append("  \(character)  \(statistics.correct) of \(statistics.attempts) right; \(parts.joined(separator: ", "))")
            }
        }
        let groups = score.groupsWithErrors
        if !groups.isEmpty {
            lines.append("")
            lines.append(
                keying == nil
                    ? "Groups with errors (sent → copied, _ = nothing written):"
                    : "Groups with errors (sent → keyed, _ = nothing keyed, * = no character):")
            let numberWidth = String(groups.map(\.number).max() ?? 0).count
            let sentWidth = groups.map(\.sent.count).max() ?? 0
            for group in groups.prefix(40) {
                let number = String(group.number)
                lines.append(
                    "  " + String(repeating: " ", count: numberWidth - number.count) + number + ". "
                        + group.sent + String(repeating: " ", count: sentWidth - group.sent.count) + " → " + group.copied)
            }
            if groups.count > 40 { lines.append("  ... and \(groups.count - 40) more groups") }
        }

        if let fist = keying?.fist {
            lines.append("")
            lines += FistText(report: fist).lines
        }

        lines.append("")
        let after = outcome.after
        lines += levelLines(after: after)
        if let review = outcome.announcedReview {
            lines.append(
                "Review of level \(review.level) due \(DayText.relative(review.dueDay, today: today)): \(LessonHint.command(level: review.level, direction: key.direction, course: after.course))"
            )
        }
        if let due = after.nextDueDay {
            var line = "Next practice: \(DayText.relative(due, today: today)), interval \(DayText.days(after.intervalDays))"
            if after.lastIntervalReason == .decayed { line += " (reset: more than twice the interval since your last session)" }
            lines.append(line)
        }
        let streak = outcome.learnerAfter.streak
        lines.append("Streak: \(DayText.days(streak.days)) (longest \(DayText.days(streak.longestDays)))")
        if recorded {
            lines.append(
                outcome.replaced == nil ? "Recorded in \(progressFile)." : "Recorded in \(progressFile), replacing the earlier result of this lesson."
            )
        } else {
            lines.append(notRecorded)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the session did to the level and why, by the method's rules.
    private func levelLines(after: DirectionProgress) -> [String] {
        let name = key.direction.rawValue.capitalized
        let standing = "\(name) level \(after.level) of \(after.course.lastLevel)"
        let pass = "\(DirectionProgress.advancementPercent) % over at least \(DirectionProgress.advancementMinimumCharacters) characters"
        switch outcome.levelDecision {
        case let .up(level):
            // One level up from where the learner stood on the lesson's date.
            let added = after.course.unlocked(atLevel: level).dropFirst(level - 1).map(\.text).joined(separator: " ")
            let made = key.level > level - 1 ? " (the lesson was made at level \(key.level); a level adds one character at a time)" : ""
            return ["Level up! \(name) level \(level - 1) → \(level) of \(after.course.lastLevel): new character \(added)\(made)."]
        case .courseComplete:
            return ["\(standing): every character of the course is unlocked."]
        case let .review(lessonLevel):
            return ["\(standing) (this was a review at level \(lessonLevel), below yours: it counts for your schedule, not your level)."]
        case let .tooFewCharacters(sent):
            return ["\(standing): too few characters (\(sent)) to move up; a lesson needs \(DirectionProgress.advancementMinimumCharacters)."]
        case .belowPassMark:
            return ["\(standing): \(pass) moves you up."]
        case .partialCopy:
            return [
                "\(standing) and your practice schedule are unchanged: recorded as a partial copy (--partial), which counts for your "
                    + "streak and your history only, not your character statistics."
            ]
        case let .notLevelLesson(kind):
            var line =
                "\(standing) and your practice schedule are unchanged: this was \(kind.lessonName), which counts for your character statistics and your streak"
            if key.course != after.course { line += " (characters outside the \(after.course.rawValue) course under their own names)" }
            return [line + ". Only level lessons (koch lesson) move the level and the schedule."]
        }
    }
}
