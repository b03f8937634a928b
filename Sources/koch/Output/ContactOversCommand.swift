import KochClass
import KochCore

/// The `koch grade` command that records a live contact's overs alone, from the files the contact
/// kept: for a contact whose copy is refused, which records neither half.
struct ContactOversCommand {
    let keyPath: String
    /// What the session returned of the learner's keying, and the file it was kept in.
    let returned: LessonReturn
    let kept: String
    let progressFile: String
    /// When the contact was done, so that the overs are recorded on that day.
    let done: LocalTimestamp

    /// `koch grade --key KEY --events LOG --date DAYTTIME --progress FILE` (`--audio` for a recording).
    var command: String {
        let source = if case .recording = returned { "--audio" } else { "--events" }
        return "koch grade --key \(keyPath) \(source) \(kept) --date \(done.day)T\(done.timeOfDay) --progress \(progressFile)"
    }

    var advice: String { "To record your overs alone: \(command)" }
}

extension PracticeRunner {
    /// What a live contact refused says (`QSOGrading.Refusal`): a copy refused refuses the whole
    /// contact, and the learner is told how to record their overs alone from the files kept.
    static func contactFailure(_ refused: QSOGrading.Refusal, refusals: GradeRefusalText, overs: ContactOversCommand) -> CommandFailure {
        switch refused {
        case let .lesson(.tooShort(coverage)):
            let typed =
                coverage.isEmpty
                ? "nothing of the other station's overs" : "\(coverage.written) of the \(coverage.sent) characters the other station sent"
            return refusals.nothingRecorded(
                "Your copy (\(refusals.copySource)) holds \(typed): under a quarter is too little to grade, "
                    + "and a contact is recorded whole, both halves, or not at all.", then: overs.advice)
        case let .lesson(other):
            return CommandFailure(description: refusals.failure(other).description + " " + overs.advice)
        case .nothingSent, .notAContact:
            return refusals.failure(refused, source: overs.kept)
        }
    }
}
