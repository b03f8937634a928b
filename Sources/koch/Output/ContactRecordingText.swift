import Foundation
import KochClass
import KochCore

/// What `koch grade` prints for a recording of a contact answered: where the lesson was found,
/// each of the learner's overs as scripted and as read, the values sent wrong, the score of the
/// learner's half, and what recording it did.
struct ContactRecordingText {
    let graded: QSORecordingGrade
    let recorded: RecordedGrade
    let file: String
    let progressFile: String

    var text: String {
        let session = recorded.outcome.session
        let alignment = graded.reading.alignment
        let drift = (alignment.rate - 1) * 100
        let clock =
            abs(drift) < 0.005
            ? "its clock keeping the lesson's" : "its clock \(String(format: "%.2f", abs(drift))) % \(drift > 0 ? "fast" : "slow")"
        let tone = graded.reading.learnerToneHz.map { ", your keying at \(Int($0.rounded())) Hz" } ?? ""
        var lines = [
            "Lesson \(session.lessonID): a QSO contact you answered (your half, sent), done \(session.date.day) \(session.date.timeOfDay)",
            "Read from \(file): the lesson found from \(Self.seconds(alignment.offsetSeconds)) of the recording, \(clock)\(tone)",
            "",
            "Your overs (the script, then what was read):",
        ]
        for (index, reading) in graded.contact.readings.enumerated() {
            lines.append("  \(index + 1). \(reading.over.script)")
            lines.append("     " + (reading.readText.isEmpty ? "(nothing read)" : reading.readText))
            for check in reading.wrongChecks {
                lines.append("     \(Self.name(check.field)): sent \(check.sent ?? "nothing"), the contact's is \(check.field.value)")
            }
        }
        let score = graded.contact.sent
        lines.append("")
        var summary = "Sent: accuracy \(DayText.percent(score.accuracy)): \(score.correct) of \(score.sent) characters right"
        if score.inserted > 0 { summary += ", \(score.inserted) extra keyed" }
        lines.append(summary)
        if let copied = graded.contact.copied {
            lines.append("Copied: accuracy \(DayText.percent(copied.accuracy)): \(copied.correct) of \(copied.sent) characters right")
        }
        lines.append("")
        let copy = GradedCopy(text: graded.reading.readTexts.joined(separator: "\n"), score: score, keying: nil, unreadable: [])
        lines += GradeText(recorded: recorded, copy: copy, progressFile: progressFile).progressLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value's name as the learner knows it: `their call`, `your RST`.
    static func name(_ field: QSOField) -> String {
        let whose = field.isHeard ? "their" : "your"
        let name = field.key.split(separator: ".").last.map(String.init) ?? field.key
        return whose + " " + (["rst": "RST", "qth": "QTH", "serial": "number"][name] ?? name)
    }

    /// `0:03.7`, or `-0:01.5` for a recording begun after the lesson.
    static func seconds(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded())
        let minutes = tenths / 600
        let rest = tenths % 600
        let sign = value < 0 && tenths > 0 ? "-" : ""
        return "\(sign)\(minutes):\(rest / 100)\(rest / 10 % 10).\(rest % 10)"
    }
}
