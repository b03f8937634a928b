import ArgumentParser
import Foundation
import KochCore
import KochIO

struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Show every character of the course with its pattern, in Koch order, marking the ones you have unlocked.",
        discussion: """
            One line a character: the level that unlocks it, the character, its pattern \
            (. a dit, - a dah), and whether you have it in receive (R) and send (S), from \
            your progress file. The first two characters are both unlocked at level 2; \
            each level after adds one.

            Examples:
              koch chart
              koch chart --course full
              koch chart --progress ~/morse/progress.json
            """
    )

    @Option(help: "letters (the 26 letters) or full (letters, digits, punctuation). Default: the course of your level lessons, else letters.")
    var course: KochCourse?

    @OptionGroup
    var progress: ProgressOption

    func run() throws {
        let found = try progress.store.chart(course: course)
        let (chart, chosen) = (found.chart, found.chart.course)
        let summary = Direction.allCases.map { direction in
            found.levels[direction].map { "\(direction.rawValue) level \($0)" }
                ?? "\(direction.rawValue) follows the \(found.learner[direction].course.rawValue) course"
        }
        print("The \(chosen.rawValue) course in Koch order: \(summary.joined(separator: ", ")) (R, S: unlocked in receive, send)")
        print("")
        print("Level  Char  Pattern   R S")
        let patternWidth = max(8, chart.rows.map(\.pattern.count).max() ?? 0)
        for row in chart.rows {
            let level = String(row.level)
            let marks = (row.unlockedIn.contains(.receive) ? "R" : "·") + " " + (row.unlockedIn.contains(.send) ? "S" : "·")
            print(
                String(repeating: " ", count: 5 - level.count) + level + "  " + row.character.padding(toLength: 4, withPad: " ", startingAt: 0)
                    + "  " + row.pattern.padding(toLength: patternWidth, withPad: " ", startingAt: 0) + "  " + marks)
        }
    }
}
