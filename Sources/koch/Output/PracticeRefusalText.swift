import ArgumentParser
import KochClass
import KochPractice

extension PracticeRefusal {
    /// What the command says of a session live practice refused: most in the refusal's own words;
    /// a grade refused in `koch grade`'s, without the options that would grade it otherwise.
    func failure() -> Error {
        switch self {
        case let .lessonNotGraded(refused, files):
            return Self.practiceFailure(refused, refusals: files.refusalText)
        case let .notRecorded(refused, session, files), let .contactNotRecorded(refused, session, files):
            return files.refusalText.failure(refused, of: session)
        case let .contactNotGraded(refused, files, overs):
            let command = ContactOversCommand(
                keyPath: files.keyPath, returned: overs.returned, kept: overs.keptPath, progressFile: files.progressFile, done: overs.done)
            return Self.contactFailure(refused, refusals: files.refusalText, overs: command)
        case let .nothingConfused(confusions, course):
            print(DrillOption.nothingConfused(confusions, hint: LessonHint.command(direction: confusions.direction, course: course)))
            return ExitCode.failure
        default:
            return CommandFailure(description: description)
        }
    }

    /// What a refusal says to a learner who practised live: the options `koch grade` would take
    /// to grade it otherwise are no help here.
    static func practiceFailure(_ refused: LessonGrading.Refusal, refusals: GradeRefusalText) -> CommandFailure {
        switch refused {
        case let .tooShort(coverage):
            let typed = coverage.isEmpty ? "nothing of it" : "\(coverage.written) of its \(coverage.sent) characters"
            return refusals.nothingRecorded(
                "You typed \(typed) (\(refusals.copySource)): under a quarter is too little to grade.",
                then:
                    "To keep it as a partial copy, which moves neither your level nor your schedule: koch grade --key \(refusals.keyPath) --transcript \(refusals.copySource) --partial"
            )
        case .nothingSentBeforeStop:
            return refusals.nothingRecorded("You stopped before the lesson's first group had ended: there is nothing to grade.")
        default:
            return refusals.failure(refused)
        }
    }

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

extension PracticeKeptFiles {
    /// The refusal's words, naming the files kept.
    var refusalText: GradeRefusalText {
        GradeRefusalText(
            keyPath: keyPath, lessonID: lessonID, progressFile: progressFile, date: nil, copySource: sourcePath, returnSource: sourcePath)
    }
}
