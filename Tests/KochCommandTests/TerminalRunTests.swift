import Foundation
import Testing

/// koch run in a terminal (a pseudo-terminal), as a learner runs it.
@Suite struct TerminalRunTests {
    @Test func helpFitsTheTerminalsWidth() throws {
        let narrow = try KochBinary.runOnTerminal(["lesson", "--help"], columns: 60)
        let wide = try KochBinary.runOnTerminal(["lesson", "--help"], columns: 120)
        #expect(narrow.status == 0)
        #expect(narrow.output.contains("--level"))
        let narrowWidest = narrow.output.split(whereSeparator: \.isNewline).map(\.count).max() ?? 0
        let wideWidest = wide.output.split(whereSeparator: \.isNewline).map(\.count).max() ?? 0
        #expect(narrowWidest <= 60)
        #expect(wideWidest > 60)
    }
}
