import Foundation

/// A block of lines at the bottom of the output, shown again each time it changes.
///
/// On a terminal the block is redrawn in place (the cursor moved up over it, each line cleared and
/// written again, lines cut to the width so that none wraps) with the cursor hidden until `close()`.
/// Anywhere else (a pipe, a file) nothing is redrawn and no escape codes are written: only the
/// lines that changed are printed, each once, so that the output reads as a log. There the first
/// `volatileLineCount` lines (a clock) are printed only when they change in more than their digits,
/// or beside another line that changed.
public final class TerminalScreen {
    public let isTerminal: Bool
    private let descriptor: Int32
    private let volatileLineCount: Int
    private var shownLines: [String] = []
    private var isCursorHidden = false

    public init(descriptor: Int32 = STDOUT_FILENO, volatileLineCount: Int = 1) {
        self.descriptor = descriptor
        self.volatileLineCount = volatileLineCount
        isTerminal = isatty(descriptor) == 1
    }

    deinit { close() }

    /// The terminal's width in columns; 80 when it is not a terminal or does not say.
    public var widthColumns: Int { size?.columns ?? 80 }

    /// The terminal's height in lines, when it says.
    public var heightLines: Int? { size?.lines }

    private var size: (columns: Int, lines: Int)? {
        var window = winsize()
        guard isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Shows `lines` in place of the block shown before.
    public func show(_ lines: [String]) {
        isTerminal ? redraw(lines) : append(lines)
        shownLines = lines
    }

    /// Leaves the block where it is, the cursor below it and visible; later output goes under it.
    public func close() {
        guard isCursorHidden else { return }
        write("\u{1B}[?25h")
        isCursorHidden = false
        TerminalRestoration.cursorHidden(onDescriptor: -1)
    }

    private func redraw(_ lines: [String]) {
        var output = ""
        if !isCursorHidden {
            output += "\u{1B}[?25l"
            isCursorHidden = true
            TerminalRestoration.cursorHidden(onDescriptor: descriptor)
        }
        // Back to the block's first line, column 1.
        if !shownLines.isEmpty { output += "\u{1B}[\(shownLines.count)F" }
        let width = widthColumns
        for line in lines { output += "\u{1B}[2K" + String(line.prefix(max(1, width - 1))) + "\n" }
        // Clears what is left of a longer block before.
        if lines.count < shownLines.count { output += "\u{1B}[J" }
        write(output)
    }

    private func append(_ lines: [String]) {
        func steady(_ line: String) -> String { line.filter { !$0.isNumber } }
        var changed: [Int] = lines.indices.filter { index in
            guard shownLines.indices.contains(index) else { return true }
            return index < volatileLineCount ? steady(lines[index]) != steady(shownLines[index]) : lines[index] != shownLines[index]
        }
        if changed.contains(where: { $0 >= volatileLineCount }) {
            changed = Array(Set(changed).union(0..<min(volatileLineCount, lines.count))).sorted()
        }
        // An empty line separates rows on a terminal; in a log it says nothing.
        let printed = changed.map { lines[$0] }.filter { !$0.isEmpty }
        if !printed.isEmpty { write(printed.joined(separator: "\n") + "\n") }
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
