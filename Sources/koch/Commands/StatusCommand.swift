import ArgumentParser
import Foundation
import KochCore
import KochIO

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show your level, accuracy, next practice day, streak and weak characters.",
        discussion: """
            Receive (copying) and send (keying) have separate levels, statistics and \
            schedules; the streak is yours, kept up by practice in either direction. Everything shown is worked out from the graded sessions in your \
            progress file, so it always agrees with your history. A new learner is at \
            level 2 (K M) in both directions.

            Weak characters are sorted into three tiers by accuracy: under 50 %, 50-79 %, \
            and 80 % and over. `koch lesson` sends the weaker ones more often.

            A direction practised this week adds the week's accuracy by kind of practice \
            (level lessons, drills, words, callsigns, QSOs, texts, spoken, live); --json gives \
            every week by kind (byKind) and every character's attempts, accuracy, last day and, \
            for sending, time to key against the standard (characters).

            Pairs confused lately lists, for each direction, the characters you took for \
            each other in your last \(ConfusedPairs.windowSessions) sessions, the latest \
            weighing most: koch lesson --drill confusions sets them against each other.

            Spoken lessons you score yourself (koch grade --heard) keep your streak and \
            schedule but never move your level; when they are your latest practice, status \
            says what unlocks the next character: copying a lesson and grading it.

            Examples:
              koch status
              koch status --progress ~/morse/progress.json --json
              koch status --date 2026-12-01          how things stand on that day
            """
    )

    @OptionGroup
    var progress: ProgressOption

    @Flag(help: "Print the status as one JSON object.")
    var json = false

    @OptionGroup
    var day: DayOption

    func run() throws {
        let found = try progress.store.status(on: try day.day())
        let (status, today) = (found.status, found.status.today)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(status.report(progressFile: found.path)), as: UTF8.self))
            return
        }
        let sessionCount = status.progress.sessions.count
        print(
            "Progress file: \(found.path)"
                + (found.fileExists
                    ? " (\(sessionCount) session\(sessionCount == 1 ? "" : "s"))"
                    : " (not yet made: your first graded lesson makes it)"))
        if sessionCount > 0 {
            print("Streak: \(DayText.days(status.streakDays)) (longest \(DayText.days(status.longestStreakDays))), in either direction")
        }
        let selfScored = status.selfScored
        if let last = selfScored.last {
            print(
                "Self-scored spoken lessons: \(selfScored.sessionCount) (the last on \(last.day): \(last.itemsRight) of \(last.items) items right); "
                    + "they count for the streak and the schedule, not the level or character statistics")
        }
        if let advice = status.selfScoredAdvice { print(advice) }
        for part in status.directions {
            print("")
            print(StatusText.text(part.status, today: today), terminator: "")
            if let week = StatusText.thisWeek(part.byKind, today: today) { print(week) }
            print(StatusText.confusedPairs(part.confusions), terminator: "")
        }
    }
}
