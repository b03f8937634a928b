import KochClass
import KochCore
import KochLessons

/// What `koch grade` prints of a contact answered: the overs as sent, each value sent wrong
/// named, the copy of the other station, the fist, and what recording both halves did.
struct QSOGradeText {
    let recorded: RecordedQSOGrade
    let progressFile: String

    private var grade: QSOGrade { recorded.grade }

    var text: String {
        let session = grade.sent
        let qso = grade.sendKey.qso
        var lines = [
            "Contact \(grade.key.lessonID): a QSO (\(qso?.style ?? "")) answered as \(qso?.contact.answerer.call.uppercased() ?? "you"), done \(session.date.day) \(session.date.timeOfDay)"
        ]
        if let keying = grade.keying {
            let recording = keying.recording
            var line =
                "Read from the event log \(recording.file) (\(recording.eventLog ?? "")): \(recording.result.output.characters.count - keying.charactersOutside) characters in your pauses"
            if keying.charactersOutside > 0 { line += ", \(keying.charactersOutside) outside them (not graded)" }
            lines.append(line)
        }
        if let recording = grade.recording { lines.append(Self.found(recording)) }
        lines.append("Your overs: " + Self.summary(grade.contact.sent, extra: "keyed"))
        lines += overLines
        if let copied = grade.received?.copy?.score {
            lines.append("Your copy of the other station: " + Self.summary(copied, extra: "written"))
            lines += copied.groupsWithErrors.prefix(10).map { "  \($0.number). \($0.sent) → \($0.copied)" }
        }
        if let fist = grade.keying?.recording.fist {
            lines.append("")
            lines += FistText(report: fist).lines
        }
        lines.append("")
        lines += progressLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where the lesson was found in a recording: `Read from room.m4a: the lesson found from 0:03.7
    /// of the recording, its clock 0.20 % fast, your keying at 700 Hz`.
    static func found(_ recording: QSORecordingPlacement) -> String {
        let drift = (recording.clockRate - 1) * 100
        let clock =
            abs(drift) < 0.005
            ? "its clock keeping the lesson's" : "its clock \(String(format: "%.2f", abs(drift))) % \(drift > 0 ? "fast" : "slow")"
        let tone = recording.learnerToneHz.map { ", your keying at \(Int($0.rounded())) Hz" } ?? ""
        return
            "Read from \(recording.file): the lesson found from \(minuteSecondTenth(recording.lessonFoundAtSeconds)) of the recording, \(clock)\(tone)"
    }

    /// `0:03.7`, or `-0:01.5` for a recording begun after the lesson.
    static func minuteSecondTenth(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded())
        let minutes = tenths / 600
        let rest = tenths % 600
        let sign = value < 0 && tenths > 0 ? "-" : ""
        return "\(sign)\(minutes):\(rest / 100)\(rest / 10 % 10).\(rest % 10)"
    }

    /// `Accuracy 97.8 %: 44 of 45 characters right, 1 extra keyed`.
    static func summary(_ score: Score, extra: String) -> String {
        var line = "accuracy \(DayText.percent(score.accuracy)): \(score.correct) of \(score.sent) characters right"
        if score.inserted > 0 { line += ", \(score.inserted) extra \(extra)" }
        return line
    }

    /// Each over not read, and each value sent otherwise than the script has it.
    private var overLines: [String] {
        var lines: [String] = []
        let placed = grade.sendKey.qso?.learnerOvers ?? []
        for (index, reading) in grade.contact.readings.enumerated() {
            let number = index + 1
            if reading.readText.isEmpty {
                let when = index < placed.count ? " in the pause at \(AnswerSheet.minuteSecond(placed[index].startSeconds))" : ""
                lines.append("  over \(number): nothing keyed\(when), graded as not sent")
                continue
            }
            var said = Set<String>()
            for check in reading.wrongChecks {
                let line = "  over \(number): \(Self.label(check.field.key)) \(check.sent ?? "not sent") (the script: \(check.field.value))"
                if said.insert(line).inserted { lines.append(line) }
            }
        }
        if lines.isEmpty { lines.append("  Every value in your \(grade.contact.readings.count) overs was sent as the script has it.") }
        return lines
    }

    /// A value's name as the learner knows it: `their call`, `report`, `your name`.
    static func label(_ key: String) -> String {
        let parts = key.split(separator: ".").map(String.init)
        guard parts.count == 2 else { return key }
        let names = ["rst": "report", "qth": "QTH", "serial": "serial number", "years": "years licensed"]
        let name = names[parts[1]] ?? parts[1]
        if parts[1] == "rst", parts[0] == "answerer" { return name }
        return (parts[0] == "caller" ? "their " : "your ") + name
    }

    /// What a QSO does to the level, the streak, and where both halves were recorded.
    private var progressLines: [String] {
        var lines: [String] = []
        lines += recorded.outcomes.map(\.levelExplanation)
        if let outcome = recorded.outcomes.last {
            let streak = outcome.learnerAfter.streak
            lines.append("Streak: \(DayText.days(streak.days)) (longest \(DayText.days(streak.longestDays)))")
        }
        let halves = grade.sessions.map { "\($0.direction.rawValue) as \($0.lessonID)" }.joined(separator: ", ")
        if recorded.recorded {
            let replaced = recorded.outcomes.contains { $0.replaced != nil } ? ", replacing the earlier result" : ""
            lines.append("Recorded in \(progressFile) (\(halves))\(replaced).")
        } else if recorded.writeFailure != nil {
            lines.append("Not recorded: \(progressFile) could not be written (see below).")
        } else {
            lines.append("Dry run: nothing recorded.")
        }
        return lines
    }
}
