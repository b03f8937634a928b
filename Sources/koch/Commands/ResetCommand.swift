import ArgumentParser
import Foundation
import KochCore
import KochIO

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Start over: take your sessions out of the progress file, keeping a dated copy of it.",
        discussion: """
            Without --direction both directions start again at level 2; with it, only \
            that one (the other keeps its sessions, so its level and statistics; its schedule \
            and the streak are worked out again from what remains, as always). Nothing is \
            lost: the file as it was is copied beside it first, as progress-DATE.json; \
            to undo the reset, move that copy back. Asks for --yes, and says what it \
            would remove without it.

            Examples:
              koch reset --yes
              koch reset --direction send --yes
            """
    )

    @Option(help: "Only this direction: receive or send. Default: both.")
    var direction: Direction?

    @Flag(help: "Do it: without it, koch only says what the reset would remove.")
    var yes = false

    @OptionGroup
    var progress: ProgressOption

    func run() throws {
        let store = progress.store
        let which = direction.map { "\($0.rawValue) " } ?? ""
        let outcome = try ResetRequest(direction: direction, confirmed: yes).run(on: store) {
            LocalTimestamp(date: try Now.date(), timeZone: .current).day
        }
        func levels(_ removal: ResetPreview.Removal) -> String {
            Direction.allCases.compactMap { direction in removal.levels[direction].map { "\(direction.rawValue) level \($0)" } }
                .joined(separator: ", ")
        }
        switch outcome {
        case .nothingRecorded:
            print("\(store.path) holds no sessions: there is nothing to reset. A new learner starts at level \(ResetPreview.restartLevel).")
        case .nothingInDirection:
            print("\(store.path) holds no \(which)sessions: there is nothing to reset.")
        case .unconfirmed(let removal):
            throw CommandFailure(
                description: """
                    A reset would take \(DayText.count(removal.sessionCount, "\(which)session")) out of \(store.path) (\(levels(removal)) back to \(ResetPreview.restartLevel)), \
                    keeping a dated copy of the file beside it. Nothing was changed. To do it: koch reset\(direction.map { " --direction \($0.rawValue)" } ?? "") --yes
                    """)
        case .goneBeforeReset:
            print("\(store.path) holds no sessions: there is nothing to reset.")
        case let .reset(removal, reset):
            print(
                "Took \(DayText.count(reset.removedSessions, "\(which)session")) out of \(store.path): \(levels(removal)) → \(ResetPreview.restartLevel)."
            )
            print("The file as it was is kept as \(reset.backupPath); move it back to undo this.")
        }
    }
}
