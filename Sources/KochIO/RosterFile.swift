import KochCore
import SwiftCSV

/// Reads a class roster as the CSV file a spreadsheet writes: Windows line
/// endings, a byte-order mark, quoted names with commas (`"Lee, Ann",5`) and
/// further columns are all read as meant. Each line is one row, so that a
/// message names the line a teacher sees in an editor.
public enum RosterFile {
    public static func parse(_ text: String, course: KochCourse = .letters) throws(RosterError) -> Roster {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var rows: [Roster.Row] = []
        // "\r\n" is one Character, and a newline: it is split on like "\n".
        for (index, line) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            let fields: [String]
            do {
                fields = try EnumeratedCSV(string: String(line), delimiter: .comma, loadColumns: false).header
            } catch {
                throw .unreadableLine(line: index + 1, reason: "\(error)")
            }
            rows.append(Roster.Row(line: index + 1, fields: fields))
        }
        return try Roster(rows: rows, course: course)
    }
}
