import ArgumentParser

/// `--pack`, `--returns` and `--roster`: a class's returns, graded at once (`koch grade`).
struct ClassReturnsOptions: ParsableArguments {
    @Option(
        name: .customLong("pack"),
        help: ArgumentHelp("The class's pack (koch pack --roster): its answer keys, and where the gradebook is written.", valueName: "folder"))
    var pack: String?

    @Option(
        name: .customLong("returns"),
        help: ArgumentHelp(
            "The learners' returns: a folder for each learner (the roster's name), with their copies (.txt) and recordings.", valueName: "folder"))
    var returns: String?

    @Option(
        name: .customLong("roster"),
        help: ArgumentHelp(
            "The class list the pack was made from (`name, level` or `name, progress.json` a line); by default the one the pack's manifest names.",
            valueName: "file"))
    var roster: String?

    @Option(
        name: .customLong("progress-dir"),
        help: ArgumentHelp(
            "Where the progress files of the roster's learners given a level are (NAME.json); by default the one the pack's manifest names, else progress/ beside the roster.",
            valueName: "folder"))
    var progressFolder: String?

    var isGiven: Bool { pack != nil || returns != nil || roster != nil || progressFolder != nil }
}
