import Foundation
import KochCore

/// A session `day` days after 2026-11-01 at 19:30 UTC, with `correct` of `sent` right.
func session(
    day: Int, correct: Int, sent: Int = 100, inserted: Int = 0, level: Int = 2, direction: Direction = .receive,
    id: String? = nil, hour: Int = 19, utcOffsetSeconds: Int = 0
) -> GradedSession {
    let start = CalendarDay(year: 2026, month: 11, day: 1)!.adding(days: day)
    let seconds = Double(start.daysSinceEpoch * 86_400 + hour * 3600 + 30 * 60 - utcOffsetSeconds)
    let timestamp = LocalTimestamp(date: Date(timeIntervalSince1970: seconds), utcOffsetSeconds: utcOffsetSeconds)
    return GradedSession(
        lessonID: id ?? "R\(level < 10 ? "0" : "")\(level)-\(direction)-\(day)-\(hour)-\(correct)",
        direction: direction, course: .letters, level: level,
        date: timestamp, gradedAt: timestamp, sent: sent, correct: correct, inserted: inserted, characters: [:])
}

/// The receive progress after these sessions.
func replay(_ sessions: [GradedSession], direction: Direction = .receive) -> DirectionProgress {
    DirectionProgress(progress: LearnerProgress(sessions: sessions), direction: direction)
}

func day(_ offset: Int) -> CalendarDay { CalendarDay(year: 2026, month: 11, day: 1)!.adding(days: offset) }
