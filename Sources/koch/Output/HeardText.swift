import KochClass
import KochCore

/// What `koch grade --heard` prints for a person: the learner's own count, and what it moved.
struct HeardText {
    let recorded: RecordedGrade
    let progressFile: String

    var text: String {
        let outcome = recorded.outcome
        let session = outcome.session
        var lines = [
            "Lesson \(session.lessonID): a spoken lesson at level \(session.level), done \(session.date.day) \(session.date.timeOfDay)",
            "Self-scored: \(session.correct) of \(session.sent) items right, by your own count (\(DayText.percent(session.accuracy)))"
                + (session.stoppedAtSeconds.map { "; stopped at \(LessonMoment.text($0)), the items before then." } ?? "."),
        ]
        if let replacement = recorded.dryRunOfGradedLesson {
            // The schedule it would set is not today's: where the learner stands, and what grading it again would do.
            lines += replacement
            if recorded.dryRunRefusal == nil { lines.append(outcome.levelExplanation) }
        } else {
            lines.append(outcome.levelExplanation)
        }
        if recorded.dryRunOfGradedLesson == nil, let due = outcome.after.nextDueDay {
            lines.append("Next practice: \(due) (every \(DayText.count(outcome.after.intervalDays, "day"))).")
        }
        lines.append("Streak: \(DayText.count(outcome.learnerAfter.streakDays(asOf: recorded.today), "day")).")
        if let advice = outcome.selfScoredAdvice { lines.append(advice) }
        lines.append(
            recorded.recorded
                ? "Recorded in \(progressFile)."
                : recorded.dryRun ? "Dry run: nothing recorded." : "Not recorded: \(progressFile) could not be written (see below).")
        return lines.joined(separator: "\n") + "\n"
    }
}
