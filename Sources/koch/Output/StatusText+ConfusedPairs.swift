import KochCore

extension StatusText {
    /// The direction's pairs confused lately, a line each under a heading, and the drill that sets
    /// them against each other; empty when nothing was confused lately.
    static func confusedPairs(_ confusions: ConfusedPairs) -> String {
        guard !confusions.pairs.isEmpty else { return "" }
        let drill = "koch lesson --drill confusions" + (confusions.direction == .send ? " --direction send" : "")
        var lines = ["  Pairs confused lately (\(drill) drills them):"]
        lines += confusions.pairs.map { "    \($0.characters.joined(separator: " ")): \($0.text)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
