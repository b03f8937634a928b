import KochCore

/// What `koch status` prints for one direction.
enum StatusText {
    static func text(_ status: DirectionStatus, today: CalendarDay) -> String {
        var lines: [String] = []
        let name = status.direction.rawValue.capitalized
        var heading = "\(name): \(status.levelText) (\(status.unlockedCharacters.joined(separator: " ")))"
        heading += status.nextCharacter.map { "; next character \($0)" } ?? "; every character unlocked"
        lines.append(heading)
        guard status.sessionCount > 0 else {
            lines.append(
                "  No sessions yet: practice is due. Start with `\(LessonHint.command(direction: status.direction, course: status.course))`.")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("  " + accuracyLine(status))
        if let due = status.nextDueDay {
            lines.append(
                "  Next practice: \(DayText.relative(due, today: today)), interval \(DayText.days(status.intervalDays))"
                    + (status.isDue ? ": due now" : ""))
        }
        if let review = status.review {
            lines.append(
                "  Review of level \(review.level): \(DayText.relative(review.dueDay, today: today)) (\(LessonHint.command(level: review.level, direction: status.direction, course: status.course)))"
            )
        }
        let weak = status.weakCharacters
        lines.append("  Characters under 50 %: " + list(weak.under50Percent))
        lines.append("  Characters 50-79 %:    " + list(weak.from50To79Percent))
        lines.append("  Characters 80 % and over: " + list(weak.atLeast80Percent))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The direction's accuracy, the sessions it is over and how many of them were level lessons;
    /// a direction whose sessions graded no characters (self-scored spoken lessons) has no accuracy to give, and says so.
    static func accuracyLine(_ status: DirectionStatus) -> String {
        let sessions = DayText.count(status.sessionCount, "session")
        guard let accuracy = status.accuracy, status.charactersSent > 0 else {
            return "Accuracy: none yet (\(sessions), none of them a graded copy)"
        }
        var counted = sessions
        if status.levelSessionCount < status.sessionCount {
            counted += status.levelSessionCount == 0 ? ", none of them a level lesson" : ", \(status.levelSessionCount) of them level lessons"
        }
        return "Accuracy \(DayText.percent(accuracy)) over \(counted) (\(status.charactersCorrect) of \(status.charactersSent) characters)"
    }

    /// Each character with its accuracy and what it was most often taken for; a character read
    /// as nothing (a recording's unreadable keying, `*`) is said so rather than shown as a sign.
    private static func list(_ entries: [CharacterAccuracy]) -> String {
        guard !entries.isEmpty else { return "none" }
        return entries.map { entry in
            let taken = entry.mistakenFor.first { $0 != "*" }.map { " (as \($0))" } ?? (entry.mistakenFor.isEmpty ? "" : " (unreadable when keyed)")
            return "\(entry.character) \(DayText.percent(entry.accuracy))" + taken
        }.joined(separator: ", ")
    }
}
