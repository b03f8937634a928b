import KochCore

extension StatusText {
    /// This week's practice in a direction, by kind: "  This week (2026-W48): level lessons 95 % (2
    /// sessions), live 90 % (1 session)"; nil for a week without practice.
    static func thisWeek(_ byKind: PracticeByKind, today: CalendarDay) -> String? {
        guard let week = byKind.week(of: today) else { return nil }
        let kinds = week.kinds.map { tally -> String in
            let sessions = DayText.count(tally.sessions, "session")
            guard let accuracy = tally.accuracy else { return "\(tally.kind.name) (\(sessions), nothing sent)" }
            if tally.kind.isSelfScored {
                return "\(tally.kind.name) \(tally.correct) of \(tally.sent) items (\(sessions))"
            }
            return "\(tally.kind.name) \(DayText.percent(accuracy)) (\(sessions))"
        }
        return "  This week (\(week.weekStart.isoWeekText)): " + kinds.joined(separator: ", ")
    }
}
