import Foundation
import KochCore

/// `gradebook.csv`: a row for each learner and graded lesson, as a spreadsheet opens it without
/// asking: UTF-8 with a byte-order mark, a header row, CRLF line ends, fields quoted when they hold
/// a comma, a quote or a line end (RFC 4180), numbers with a decimal point, dates as YYYY-MM-DD, and
/// a name that starts like a formula (= + - @) prefixed with an apostrophe so that it stays text.
public enum GradebookCSV {
    public static let header = [
        "learner", "lesson", "lesson_id", "direction", "done", "accuracy_percent", "sent", "correct", "level_before", "level_after", "next_due",
    ]

    public static func text(_ gradebook: Gradebook) -> String {
        var lines = [header.map(field).joined(separator: ",")]
        for row in gradebook.rows {
            let values = [
                row.learner, String(row.lessonNumber), row.lessonID, row.direction.rawValue, row.done.day.description,
                String(format: "%.1f", row.accuracy * 100), String(row.sent), String(row.correct), String(row.levelBefore),
                String(row.levelAfter), row.nextDue?.description ?? "",
            ]
            lines.append(values.map(field).joined(separator: ","))
        }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    /// One field, quoted when it must be, and never read as a formula.
    static func field(_ value: String) -> String {
        var text = value
        if let first = text.first, "=+-@\t\r".contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
