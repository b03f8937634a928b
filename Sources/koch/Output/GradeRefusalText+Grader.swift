import KochClass
import KochCore

extension GradeRefusalText {
    /// What `koch grade` says of a return the `Grader` did not grade or record; `transcriptName`
    /// is the copy's file, nil when it came on standard input.
    func failure(_ refusal: GradeRefusal, transcriptName: String?) -> any Error {
        switch refusal {
        case let .conflict(conflict):
            return CommandFailure(description: GradeConflictText.message(conflict))
        case .notAContact:
            return CommandFailure(
                description:
                    "\(keyPath) is not the key of a contact to answer. Give one of --audio (a recording of your keying), --events (a log of your paddles) or --transcript (a copy); a keying and --transcript together grade both halves of a contact (koch lesson --kind qso --respond)."
            )
        case .steeredContactRecording:
            return CommandFailure(
                description:
                    "--tone and --wpm are not for a recording of a contact: koch finds the lesson's station by its keying, and your sidetone in the pauses."
            )
        case let .noRecording(path, ofContact):
            return CommandFailure(
                description: "\(path): there is no recording here. Give the path of the recording of your \(ofContact ? "contact" : "keying").")
        case let .noCopy(path):
            return CommandFailure(description: "\(path): there is no transcript here. Type your copy into a text file and give its path.")
        case let .copyNotText(problem):
            let source = transcriptName ?? "standard input"
            switch problem {
            case let .tooLong(count):
                return CommandFailure(
                    description: "\(source): the transcript is \(count) bytes, far more than a lesson's copy; is it the right file?")
            case .notUTF8:
                return CommandFailure(description: "\(source): the transcript is not UTF-8 text. Save it as plain text.")
            }
        case let .lesson(refused, lessonID):
            return with(lessonID: lessonID, returnSource: returnSource).failure(refused)
        case let .contact(refused, lessonID, source):
            return with(lessonID: lessonID, returnSource: transcriptName ?? "your copy").failure(refused, source: source)
        case let .contactRecording(refused, path):
            return failure(refused, path: path)
        case let .notRecordable(refused, session):
            return failure(refused, of: session)
        case let .notWritten(_, failure):
            return failure
        case let .unreadable(failure):
            return failure
        }
    }

    /// Why the recording of a contact at `path` is not graded (`QSORecordingGrade.Refusal`).
    private func failure(_ refused: QSORecordingGrade.Refusal, path: String) -> CommandFailure {
        switch refused {
        case let .unread(why):
            return nothingRecorded(why.description(file: path))
        case let .doubtful(doubts):
            return nothingRecorded(
                "\(path): your keying in the pauses is not a plausible reading of keying: \(doubts.map(\.description).joined(separator: "; ")).",
                then: "Record in a quieter room, with the phone near the speaker and your sidetone.")
        }
    }

    /// The same words, of the lesson `lessonID`, the return read from `returnSource`.
    private func with(lessonID: String, returnSource: String) -> GradeRefusalText {
        GradeRefusalText(
            keyPath: keyPath, lessonID: lessonID, progressFile: progressFile, date: date, copySource: copySource, returnSource: returnSource)
    }
}
