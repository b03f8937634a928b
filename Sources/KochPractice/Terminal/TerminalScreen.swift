import Foundation
import KochCore
import KochPresentation

/// A block of lines at the bottom of the output, shown again each time it changes.
///
/// On a terminal the block is redrawn in place (the cursor moved up over it, each line cleared and
/// written again, lines cut to the width so that none wraps) with the cursor hidden until `close()`.
/// Once the terminal has changed size the block is no longer where the cursor would move to (a
/// terminal that rewraps its lines has moved it, one that cuts them has lost what was cut), so the
/// screen is cleared and the block drawn again at its top.
/// Anywhere else (a pipe, a file) nothing is redrawn and no escape codes are written: only the
/// lines that changed are printed, each once, so that the output reads as a log. There the first
/// `volatileLineCount` lines (a clock) are printed only when they change in more than their digits,
/// or beside another line that changed.
public final class TerminalScreen {
    public let isTerminal: Bool
    private let descriptor: Int32
    private let volatileLineCount: Int
    private var shownLines: [String] = []
    /// The size the block was last drawn at.
    private var shownSize: (columns: Int, lines: Int)?
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

    /// The widest line the block shows whole: one column short of a terminal's width (a line
    /// that reaches the last column wraps early on some terminals); 80 elsewhere.
    public var lineWidthColumns: Int { isTerminal ? max(1, widthColumns - 1) : widthColumns }

    /// Whether the terminal has changed size since the block was last shown: it is to be shown
    /// again, even unchanged, to be seen whole.
    public var isResized: Bool {
        guard isTerminal, let shownSize, let size else { return false }
        return size != shownSize
    }

    private var size: (columns: Int, lines: Int)? {
        var window = winsize()
        guard isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// `text` to print above the block, each of its lines broken at its spaces to fit a
    /// terminal's width (so that no word is wrapped in two); unchanged elsewhere.
    public func fitted(_ text: String) -> String {
        guard isTerminal else { return text }
        let width = lineWidthColumns
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { ScreenLineWrapping.lines(String($0), widthColumns: width) }.joined(separator: "\n")
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
        let resized = isResized
        if resized {
            // The screen cleared, the block at its top.
            output += "\u{1B}[H\u{1B}[2J"
        } else if !shownLines.isEmpty {
            // Back to the block's first line, column 1.
            output += "\u{1B}[\(shownLines.count)F"
        }
        shownSize = size
        let width = lineWidthColumns
        for line in lines { output += "\u{1B}[2K" + String(line.prefix(width)) + "\n" }
        // Clears what is left of a longer block before.
        if lines.count < shownLines.count, !resized { output += "\u{1B}[J" }
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
