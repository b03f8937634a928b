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
        let accuracy = status.accuracy.map(DayText.percent) ?? "-"
        var sessions = DayText.count(status.sessionCount, "session")
        if status.levelSessionCount < status.sessionCount { sessions += ", \(status.levelSessionCount) of them level lessons" }
        lines.append("  Accuracy \(accuracy) over \(sessions) (\(status.charactersCorrect) of \(status.charactersSent) characters)")
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

    private static func list(_ entries: [CharacterAccuracy]) -> String {
        guard !entries.isEmpty else { return "none" }
        return entries.map { entry in
            "\(entry.character) \(DayText.percent(entry.accuracy))" + (entry.mistakenFor.first.map { " (as \($0))" } ?? "")
        }.joined(separator: ", ")
    }
}
