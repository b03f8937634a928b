import ArgumentParser
import Foundation
import KochIO

/// `--progress FILE`, shared by the commands that read the learner's progress.
struct ProgressOption: ParsableArguments {
    @Option(
        name: .customLong("progress"),
        help: ArgumentHelp(
            "The progress file. Default: $KOCH_PROGRESS, else $XDG_DATA_HOME/koch/progress.json, else ~/.local/share/koch/progress.json.",
            valueName: "file"))
    var path: String?

    var store: ProgressStore {
        ProgressStore(path: ProgressLocation.resolve(option: path, environment: ProcessInfo.processInfo.environment).path)
    }
}
