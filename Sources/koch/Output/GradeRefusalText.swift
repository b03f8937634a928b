import KochClass
import KochCore

/// What `koch grade` says of a lesson's return it does not grade (`LessonGrading.Refusal`) or
/// does not record (`SessionRecording.Refusal`): why, that nothing was recorded, and what to do.
struct GradeRefusalText {
    let keyPath: String
    let lessonID: String
    let progressFile: String
    /// `--date` as it was given.
    let date: String?
    /// The file a copy too short was read from, or `Standard input`.
    let copySource: String
    /// The file graded (a recording, a log or a copy), or `your copy` when it was piped in.
    let returnSource: String

    func failure(_ refusal: LessonGrading.Refusal) -> CommandFailure {
        switch refusal {
        case .stopOfKeying:
            return CommandFailure(
                description:
                    "--stopped-at is for a lesson you listened to (--transcript, --heard): a keying is graded up to where it ends, wherever you stopped."
            )
        case .partialKeying:
            return CommandFailure(
                description: "--partial is for a copy (--transcript) of under a quarter of the lesson; a keying is graded as it was keyed.")
        case let .negativeHeard(heard):
            return CommandFailure(description: "--heard must be 0 or more, not \(heard).")
        case .partialWithHeard:
            return CommandFailure(
                description: "--heard is your own count of a spoken lesson: give it without --transcript, --audio, --events or --partial.")
        case .keyingOfReceiveLesson:
            return CommandFailure(
                description: """
                    \(keyPath) is the key of a receive lesson, which is graded from your copy: --transcript FILE. \
                    To practise sending, make a send exercise (koch lesson --direction send), key it, record it, \
                    and grade the recording with --audio (or a log of your paddles with --events).
                    """)
        case .notSpoken:
            return CommandFailure(
                description:
                    "\(keyPath) is the key of a lesson without spoken answers: grade it from your copy with --transcript FILE. --heard is for lessons made with koch lesson --speak."
            )
        case let .moreHeardThanItems(heard, items, stop?, itemsInLesson) where items < itemsInLesson:
            return CommandFailure(
                description: "--heard \(heard): lesson \(lessonID) has \(itemsInLesson) items, of which \(items) were sent before "
                    + "\(LessonMoment.text(stop)) (--stopped-at); give how many of those \(items) you got right.")
        case let .moreHeardThanItems(heard, items, _, _):
            return CommandFailure(description: "--heard \(heard): lesson \(lessonID) has only \(items) items; give how many of them you got right.")
        case let .nothingSentBeforeStop(stop, firstEnd):
            // Rounded up, so that a stop given at the moment named is after the end.
            let first = firstEnd.map { "; its first group ends at \(LessonMoment.text($0.rounded(.up)))" } ?? ""
            return nothingRecorded(
                "--stopped-at \(LessonMoment.text(stop)): nothing of lesson \(lessonID) was sent before then\(first), so there is nothing to grade.")
        case let .sessionDate(problem):
            return nothingRecorded("--date \(date ?? ""): \(problem)")
        case let .tooShort(coverage):
            let found =
                coverage.isEmpty
                ? "holds no character of the lesson: is it the file you typed your copy into?"
                : "holds \(coverage.written) characters, under a quarter of the \(coverage.sent) sent."
            return nothingRecorded(
                "\(copySource) \(found)",
                then: "If you stopped the lesson early, give --stopped-at M:SS (where the player stopped); "
                    + "to record it as it is, as a partial copy that moves neither your level nor your schedule, add --partial.")
        case let .notPartial(coverage):
            return nothingRecorded(
                "--partial: this copy holds \(coverage.written) of the \(coverage.sent) characters sent, a quarter or more: it is graded as the lesson.",
                then: "Grade it without --partial.")
        case let .keying(refused):
            return refused.reason == .noKeyDown ? nothingRecorded(refused.description) : CommandFailure(description: refused.description)
        case let .mismatch(mismatch):
            return nothingRecorded("\(returnSource): \(mismatch)", then: "If it is your copy of \(lessonID), grade it again with --force.")
        }
    }

    func failure(_ refused: SessionRecording.Refusal, of session: GradedSession) -> CommandFailure {
        switch refused {
        case let .alreadyGraded(earlier):
            return CommandFailure(
                description: """
                    Lesson \(earlier.lessonID) was already graded: done \(earlier.date.day) at \(earlier.date.timeOfDay), \
                    graded \(earlier.gradedAt.day) at \(earlier.gradedAt.timeOfDay), accuracy \(DayText.percent(earlier.accuracy)). \
                    A lesson counts once. To grade it again, replacing that result, add --replace. \
                    \(progressFile) was not changed.
                    """)
        case let .otherCourse(other):
            return nothingRecorded(
                """
                \(progressFile) follows the \(other.rawValue) course in its \(session.direction.rawValue) level lessons, but this level lesson \
                is from the \(session.course.rawValue) course.
                """, then: "Grade it with a separate --progress file, or make your lessons from the \(other.rawValue) course.")
        }
    }

    /// A grade refused before anything was written.
    func nothingRecorded(_ why: String, then advice: String = "") -> CommandFailure {
        CommandFailure(description: "\(why) Nothing was recorded: \(progressFile) was not changed." + (advice.isEmpty ? "" : " " + advice))
    }
}
