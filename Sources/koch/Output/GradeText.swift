import KochClass
import KochCore
import KochLessons

/// What `koch grade` prints for a person, of a copy or a keying graded.
struct GradeText {
    let recorded: RecordedGrade
    let copy: GradedCopy
    let progressFile: String

    private var key: AnswerKey { recorded.grade.key }
    private var outcome: GradeOutcome { recorded.outcome }
    private var score: Score { copy.score }
    private var keying: KeyingRecording? { copy.keying }

    var text: String {
        var lines = headLines
        let troubles = score.troubles
        if troubles.isEmpty {
            lines.append("Every character sent was \(keying == nil ? "copied" : "keyed") right.")
        } else {
            lines.append("")
            lines.append("Characters missed or mistaken:")
            for trouble in troubles {
                let statistics = trouble.statistics
                var parts = trouble.mistakenFor.map { "as \($0.character) ×\($0.count)" }
                if statistics.missed > 0 { parts.append("not copied ×\(statistics.missed)") }
                lines.append("  \(trouble.character)  \(statistics.correct) of \(statistics.attempts) right; \(parts.joined(separator: ", "))")
            }
        }
        lines += groupLines
        if let fist = keying?.fist {
            lines.append("")
            lines += FistText(report: fist).lines
        }
        lines.append("")
        lines += progressLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lesson, what it was read from, where it was stopped, the score and what the copy holds that is no character.
    private var headLines: [String] {
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
        var lines = ["Lesson \(key.lessonID): \(key.direction.rawValue), \(what), done \(session.date.day) \(session.date.timeOfDay)"]
        if let keying {
            let tone = keying.toneHz.map { ", tone \(Int($0.rounded())) Hz" } ?? ""
            let hint = keying.speedHintWPM.map { ", at the exercise's \($0.formatted) WPM (the decoder's own speed reading fitted worse)" } ?? ""
            if keying.readLive {
                lines.append("Read live as you keyed (kept in \(keying.file)): \(keying.result.output.characters.count) characters")
            } else if let log = keying.eventLog {
                lines.append("Read from the event log \(keying.file) (\(log)): \(keying.result.output.characters.count) characters")
            } else {
                lines.append("Decoded from \(keying.file)\(tone)\(hint): \(keying.result.output.characters.count) characters")
            }
        }
        if let stop = keying?.stop {
            lines.append("You stopped after group \(stop.groupsKeyed) of \(stop.groupsInExercise); graded the \(stop.groupsKeyed) you keyed.")
        } else if let groupsInLesson = recorded.grade.groupsInLesson, let stop = session.stoppedAtSeconds {
            lines.append("Stopped at \(LessonMoment.text(stop)): graded the \(key.groups.count) of \(groupsInLesson) groups sent before then.")
        }
        var summary = "Accuracy \(DayText.percent(score.accuracy)): \(score.correct) of \(score.sent) characters right"
        if score.inserted > 0 { summary += ", \(score.inserted) extra \(keying == nil ? "written" : "keyed")" }
        lines.append(summary)
        let unreadable = copy.unreadable
        if !unreadable.isEmpty {
            let count = unreadable.count == 1 ? "1 sign that is" : "\(unreadable.count) signs that are"
            lines.append(
                "Your copy holds \(count) no Morse character (\(unreadable.joined(separator: " "))): "
                    + "each counts as a wrong or extra character, shown as ?.")
        }
        return lines
    }

    /// The groups with errors, sent beside copied, the first 40 of them.
    private var groupLines: [String] {
        let groups = score.groupsWithErrors
        guard !groups.isEmpty else { return [] }
        var lines = [
            "",
            keying == nil
                ? "Groups with errors (sent → copied, _ = not copied):"
                : "Groups with errors (sent → keyed, _ = nothing keyed, * = no character):",
        ]
        let numberWidth = String(groups.map(\.number).max() ?? 0).count
        let sentWidth = groups.map(\.sent.count).max() ?? 0
        for group in groups.prefix(40) {
            let number = String(group.number)
            lines.append(
                "  " + String(repeating: " ", count: numberWidth - number.count) + number + ". "
                    + group.sent + String(repeating: " ", count: sentWidth - group.sent.count) + " → " + group.copied)
        }
        if groups.count > 40 { lines.append("  ... and \(groups.count - 40) more groups") }
        return lines
    }

    /// The level and why, the review and practice due, the streak, and whether it was recorded.
    var progressLines: [String] {
        let after = outcome.after
        let today = recorded.today
        let streak = outcome.learnerAfter.streak
        if let replacement = recorded.dryRunOfGradedLesson {
            // What the figures would do stands apart from where the learner stands: nothing moved, and no level went up today;
            // without --replace they would do nothing at all.
            let why = outcome.leveledUp || recorded.dryRunRefusal != nil ? [] : [outcome.levelExplanation]
            return replacement + why + ["Streak: \(DayText.days(streak.days)) (longest \(DayText.days(streak.longestDays)))", recordLine]
        }
        var lines = [outcome.levelExplanation]
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
        lines.append("Streak: \(DayText.days(streak.days)) (longest \(DayText.days(streak.longestDays)))")
        lines.append(recordLine)
        return lines
    }

    /// Where the grade was recorded, or why it was not.
    private var recordLine: String {
        if recorded.recorded {
            return outcome.replaced == nil
                ? "Recorded in \(progressFile)." : "Recorded in \(progressFile), replacing the earlier result of this lesson."
        }
        if recorded.writeFailure != nil { return "Not recorded: \(progressFile) could not be written (see below)." }
        return "Dry run: nothing recorded."
    }
}
