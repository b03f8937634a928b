/// Reads a word list file's contents: one word per line, upper-cased;
/// blank lines and lines starting with `#` (comments) are skipped. A line
/// with spaces gives each of its words.
public enum WordList {
    public static func parse(_ contents: String) -> [String] {
        contents.split(whereSeparator: \.isNewline).flatMap { line -> [String] in
            let words = line.split(whereSeparator: \.isWhitespace)
            guard let first = words.first, !first.hasPrefix("#") else { return [] }
            return words.map { $0.uppercased() }
        }
    }
}
