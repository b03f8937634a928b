import Foundation
import KochCore

/// `gradebook.csv`: a row for each learner and graded lesson, each return not graded (with why),
/// and each learner who returned nothing, with a `status` column that tells them apart, so that
/// a teacher's spreadsheet holds what the HTML page shows. As a spreadsheet opens it without
/// asking: UTF-8 with a byte-order mark, a header row, CRLF line ends, fields quoted when they hold
/// a comma, a quote or a line end (RFC 4180), numbers with a decimal point, dates as YYYY-MM-DD, and
/// a name that starts like a formula (= + - @) prefixed with an apostrophe so that it stays text.
public enum GradebookCSV {
    /// What a row is.
    public enum Status: String, Sendable, CaseIterable {
        /// A lesson of the pack recorded as graded: the figures are filled in.
        case graded
        /// A return (or a learner's folder, or a progress file) not graded: `file` and `reason` say which and why.
        case notGraded = "not graded"
        /// A learner with no lesson graded and no return found.
        case nothingReturned = "nothing returned"
    }

    public static let header = [
        "learner", "status", "lesson", "lesson_id", "direction", "done", "accuracy_percent", "sent", "correct", "level_before", "level_after",
        "next_due", "file", "reason",
    ]

    public static func text(_ gradebook: Gradebook) -> String {
        var lines = [header.map(field).joined(separator: ",")]
        let names = Set(gradebook.learners.map(\.name))
        for learner in gradebook.learners {
            lines += learner.rows.map(graded)
            lines += gradebook.notGraded.filter { $0.learner == learner.name }.map(notGraded)
            if learner.returnedNothing {
                let reason = "no return of \(learner.name)'s \(DayText.count(learner.lessonCount, "lesson")) was found, and none is graded."
                lines.append(line([learner.name, Status.nothingReturned.rawValue, "", "", learner.direction.rawValue] + blanks(7) + ["", reason]))
            }
        }
        // Returns of no learner of the roster (a stray file, a folder of a name not on it).
        lines += gradebook.notGraded.filter { $0.learner.map { !names.contains($0) } ?? true }.map(notGraded)
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    private static func graded(_ row: Gradebook.Row) -> String {
        line([
            row.learner, Status.graded.rawValue, String(row.lessonNumber), row.lessonID, row.direction.rawValue, row.done.day.description,
            String(format: "%.1f", row.accuracy * 100), String(row.sent), String(row.correct), String(row.levelBefore),
            String(row.levelAfter), row.nextDue?.description ?? "", "", "",
        ])
    }

    private static func notGraded(_ return: NotGraded) -> String {
        line([`return`.learner ?? "", Status.notGraded.rawValue] + blanks(10) + [`return`.path, `return`.reason])
    }

    private static func blanks(_ count: Int) -> [String] { Array(repeating: "", count: count) }

    private static func line(_ values: [String]) -> String { values.map(field).joined(separator: ",") }

    /// One field, quoted when it must be, and never read as a formula.
    static func field(_ value: String) -> String {
        var text = value
        if let first = text.first, "=+-@\t\r".contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
