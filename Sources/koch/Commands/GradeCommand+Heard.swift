import Foundation
import KochClass
import KochCore
import KochIO

extension GradeCommand {
    /// Records a spoken lesson scored by the learner: `heard` of its items right.
    func recordHeard(_ heard: Int) throws {
        let key = try AnswerKeyFile.read(keyPath)
        guard key.isSpoken else {
            throw CommandFailure(
                description:
                    "\(keyPath) is the key of a lesson without spoken answers: grade it from your copy with --transcript FILE. --heard is for lessons made with koch lesson --speak."
            )
        }
        let items = key.spokenItems.count
        guard heard <= items else {
            throw CommandFailure(
                description: "--heard \(heard): lesson \(key.lessonID) has only \(items) items; give how many of them you got right.")
        }
        let (done, gradedAt) = try sessionDates(of: key)
        let session = GradedSession(
            lessonID: key.lessonID, direction: key.direction, course: key.course, level: key.level, kind: .spoken, date: done,
            gradedAt: gradedAt, sent: items, correct: heard, inserted: 0, characters: [:])
        let store = progress.store
        // As koch grade records a copy: a progress file that cannot be written is said after the result.
        let (outcome, writeFailure) = try recordOrCheck(session)
        let recorded = !dryRun && writeFailure == nil
        if json {
            print(try Self.heardJSON(outcome, today: gradedAt.day, recorded: recorded, path: store.path))
        } else {
            print(Self.heardText(outcome, key: key, today: gradedAt.day, recorded: recorded, dryRun: dryRun, path: store.path), terminator: "")
        }
        if let writeFailure { throw writeFailure }
    }

    /// The self-scored session as one JSON object.
    static func heardJSON(_ outcome: GradeOutcome, today: CalendarDay, recorded: Bool, path: String) throws -> String {
        let session = outcome.session
        var object: [String: Any] = [
            "lessonID": session.lessonID, "kind": session.kind.rawValue, "selfScored": true, "items": session.sent,
            "heard": session.correct, "accuracy": (session.accuracy * 1000).rounded() / 1000, "level": outcome.after.level,
            "streakDays": outcome.learnerAfter.streakDays(asOf: today), "recorded": recorded, "progressFile": path,
        ]
        if let due = outcome.after.nextDueDay { object["nextDue"] = due.description }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func heardText(_ outcome: GradeOutcome, key: AnswerKey, today: CalendarDay, recorded: Bool, dryRun: Bool, path: String) -> String {
        let session = outcome.session
        var lines = [
            "Lesson \(key.lessonID): a spoken lesson at level \(key.level), done \(session.date.day) \(session.date.timeOfDay)",
            "Self-scored: \(session.correct) of \(session.sent) items right, by your own count (\(DayText.percent(session.accuracy))).",
            "It counts for your streak and your practice schedule; your level (\(outcome.after.level)) and character statistics are unchanged.",
        ]
        if let due = outcome.after.nextDueDay {
            lines.append("Next practice: \(due) (every \(DayText.count(outcome.after.intervalDays, "day"))).")
        }
        lines.append("Streak: \(DayText.count(outcome.learnerAfter.streakDays(asOf: today), "day")).")
        lines.append(
            recorded ? "Recorded in \(path)." : dryRun ? "Dry run: nothing recorded." : "Not recorded: \(path) could not be written (see below).")
        return lines.joined(separator: "\n") + "\n"
    }
}
