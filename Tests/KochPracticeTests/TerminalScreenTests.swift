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
