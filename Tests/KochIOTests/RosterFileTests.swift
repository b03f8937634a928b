import KochCore
import KochIO
import Testing

/// Rosters as spreadsheets save them.
@Suite struct RosterFileTests {
    @Test func windowsLineEndingsAreLines() throws {
        let roster = try RosterFile.parse("Ann,5\r\nBob,7\r\nCem,9\r\n")
        #expect(roster.learners.map(\.name) == ["Ann", "Bob", "Cem"])
        #expect(roster.learners.map(\.source) == [.level(5), .level(7), .level(9)])
        #expect(roster.learners.map(\.line) == [1, 2, 3])
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstName() throws {
        let roster = try RosterFile.parse("\u{FEFF}name,level\r\nAnn,5\r\n")
        #expect(roster.learners.map(\.name) == ["Ann"])
    }

    @Test func aQuotedNameMayHoldACommaAndFurtherColumnsAreNotRead() throws {
        let roster = try RosterFile.parse("\"Lee, Ann\",5\nBob,6,bob@example.org\nCem,cem/progress.json,\"note, with comma\"\n")
        #expect(roster.learners.map(\.name) == ["Lee, Ann", "Bob", "Cem"])
        #expect(roster.learners.map(\.source) == [.level(5), .level(6), .progressFile("cem/progress.json")])
    }

    @Test func blankAndCommentLinesCountInTheLineNumbers() throws {
        #expect(throws: RosterError.duplicateName(line: 4, name: "Ann")) {
            try RosterFile.parse("Ann, 5\n\n# a comment\nAnn, 7\n")
        }
        #expect(throws: RosterError.malformedLine(line: 2, text: "Bob")) {
            try RosterFile.parse("Ann, 5\r\nBob\r\n")
        }
    }
}
