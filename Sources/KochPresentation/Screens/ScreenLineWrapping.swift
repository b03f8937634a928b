import KochCore

/// A screen's line of text broken at its spaces into lines no wider than the screen, so that a
/// terminal never wraps a word in two. The spaces where it breaks go; the others stay as they
/// are (two spaces that set a clock apart from a hint, an indent). A word wider than the screen
/// is a line of its own.
public enum ScreenLineWrapping {
    public static func lines(_ text: String, widthColumns: Int) -> [String] {
        let width = max(1, widthColumns)
        guard text.count > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var spaces = ""
        var word = ""
        func endWord() {
            guard !word.isEmpty else { return }
            if !line.isEmpty, line.count + spaces.count + word.count > width {
                lines.append(line)
                line = word
            } else {
                // Spaces before the first word indent the first line.
                line += (line.isEmpty && !lines.isEmpty ? "" : spaces) + word
            }
            word = ""
            spaces = ""
        }
        for character in text {
            if character == " " {
                endWord()
                spaces.append(" ")
            } else {
                word.append(character)
            }
        }
        endWord()
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
