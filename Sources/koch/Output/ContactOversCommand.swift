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
