import KochClass
import KochCore

/// What `koch grade --pack --returns` prints: each return graded, those left alone, what was not graded and why.
struct ClassGradeText {
    let result: ClassGrading.Result
    let book: Gradebook

    var text: String {
        var lines = result.started.map { learner, level in
            "\(learner.name): progress file \(learner.progressPath) started at level \(level), as the roster gives."
        }
        let learners = Set(result.graded.map(\.learner)).count
        var head = "Graded \(DayText.count(result.graded.count, "return")) of \(DayText.count(learners, "learner"))"
        if !result.alreadyGraded.isEmpty {
            head += "; \(result.alreadyGraded.count) graded before, not again (--replace grades them again)"
        }
        lines.append(head + ".")
        let nameWidth = result.graded.map(\.learner.count).max() ?? 0
        for item in result.graded {
            let outcome = item.outcome
            var line = "  " + item.learner.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            line += "  \(item.lesson.baseName)  \(DayText.percent(item.score.accuracy))  \(item.score.correct) of \(item.score.sent)"
            line += "  \(item.lesson.key.direction.rawValue) level \(outcome.before.level)"
            line += outcome.leveledUp ? " → \(outcome.after.level)" : ""
            if let recording = item.recording {
                line += recording.stop.map { "  (recording, stopped after group \($0.groupsKeyed) of \($0.groupsInExercise))" } ?? "  (recording)"
            }
            lines.append(line)
            // As koch grade --audio says it: where the key seemed stuck down, so the teacher can listen.
            for stuck in item.recording?.result.output.stuckKeys ?? [] { lines.append("    " + stuck.warning(in: item.path)) }
        }
        if !result.notGraded.isEmpty {
            lines.append("")
            lines.append("Not graded (\(result.notGraded.count)):")
            lines += result.notGraded.map { "  " + $0.line }
        }
        let nothing = book.learners.filter(\.returnedNothing).map(\.name)
        if !nothing.isEmpty {
            lines.append("")
            lines.append("Returned nothing yet: \(nothing.joined(separator: ", ")).")
        }
        lines.append("")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where the gradebook was written, said once it is.
    static func gradebookLine(pack: String) -> String {
        "Gradebook: \(pack)/\(GradebookPages.gradebookName) and \(pack)/\(GradebookPages.csvName); a page for each learner in \(pack)/\(GradebookPages.feedbackFolder)/."
    }
}
