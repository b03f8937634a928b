import Foundation
import KochTestSupport
import Testing

@testable import KochPractice

@Suite struct TerminalScreenTests {
    static func printed(_ terminal: PseudoTerminalPair) -> String {
        var output: [UInt8] = []
        while case let (bytes, false) = terminal.read(timeoutSeconds: 0.1), !bytes.isEmpty { output += bytes }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func redrawsTheBlockInPlaceOnATerminal() throws {
        let terminal = try PseudoTerminalPair(columns: 40, lines: 10)
        let screen = TerminalScreen(descriptor: terminal.secondary)
        #expect(screen.isTerminal)
        #expect(screen.widthColumns == 40)
        #expect(screen.heightLines == 10)
        screen.show(["0:01", "[· ·]"])
        screen.show(["0:02", String(repeating: "K", count: 60)])
        screen.close()
        let output = Self.printed(terminal)
        #expect(output.hasPrefix("\u{1B}[?25l\u{1B}[2K0:01\r\n\u{1B}[2K[· ·]\r\n"))
        // Up two lines, each line cleared and written again, cut to the width.
        #expect(output.contains("\u{1B}[2F\u{1B}[2K0:02\r\n\u{1B}[2K\(String(repeating: "K", count: 39))\r\n"))
        #expect(output.hasSuffix("\u{1B}[?25h"))
    }

    @Test func appendsOnlyMeaningfulChangesWhenNotATerminal() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let screen = TerminalScreen(descriptor: ends[1])
        #expect(!screen.isTerminal)
        #expect(screen.widthColumns == 80)
        screen.show(["0:01 / 5:00  space pauses", "[· ·]", "", "  K"])
        screen.show(["0:02 / 5:00  space pauses", "[· ·]", "", "  K"])
        screen.show(["0:03 / 5:00  space pauses", "[· ·]", "", "  K M"])
        screen.show(["0:04 / 5:00  paused: space resumes", "[· ·]", "", "  K M"])
        screen.close()
        close(ends[1])
        let output = String(decoding: FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        #expect(
            output == """
                0:01 / 5:00  space pauses
                [· ·]
                  K
                0:03 / 5:00  space pauses
                  K M
                0:04 / 5:00  paused: space resumes

                """)
    }
}

@Suite struct TerminalScreenResizeTests {
    static func resize(_ terminal: PseudoTerminalPair, columns: UInt16, lines: UInt16) {
        var size = winsize(ws_row: lines, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal.primary, UInt(TIOCSWINSZ), &size)
    }

    @Test func aTerminalMadeSmallerIsClearedAndTheBlockDrawnAgainAtItsTop() throws {
        let terminal = try PseudoTerminalPair(columns: 100, lines: 30)
        let screen = TerminalScreen(descriptor: terminal.secondary)
        screen.show(["0:01 / 5:00  space pauses · q stops and grades", String(repeating: "[· ·] ", count: 15)])
        #expect(!screen.isResized)
        Self.resize(terminal, columns: 60, lines: 12)
        #expect(screen.isResized)
        screen.show(["0:02 / 5:00  space pauses · q stops and grades", "[· ·]"])
        #expect(!screen.isResized)
        screen.show(["0:03 / 5:00  space pauses · q stops and grades", "[· ·]"])
        screen.close()
        let output = TerminalScreenTests.printed(terminal)
        // Not moved up over a block the terminal may have rewrapped: cleared, then drawn from the top.
        #expect(output.contains("\u{1B}[H\u{1B}[2J\u{1B}[2K0:02 / 5:00"), "\(output.debugDescription)")
        #expect(!output.contains("\u{1B}[2F\u{1B}[2K0:02"))
        // Then in place again, at the new width.
        #expect(output.contains("\u{1B}[2F\u{1B}[2K0:03 / 5:00"))
        #expect(screen.lineWidthColumns == 59)
    }

    @Test func textAboveTheBlockBreaksAtSpacesToTheTerminalsWidth() throws {
        let terminal = try PseudoTerminalPair(columns: 40, lines: 10)
        let screen = TerminalScreen(descriptor: terminal.secondary)
        #expect(screen.fitted("Space pauses; q or Ctrl-C stops and grades.") == "Space pauses; q or Ctrl-C stops and\ngrades.")
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let log = TerminalScreen(descriptor: ends[1])
        #expect(log.fitted("Space pauses; q or Ctrl-C stops and grades.") == "Space pauses; q or Ctrl-C stops and grades.")
    }
}
