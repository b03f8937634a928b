import ArgumentParser
import Foundation
import KochClass
import KochCore
import KochIO
import KochPractice

extension PracticeRunner {
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

    func keep(_ key: AnswerKey, base: String) throws -> String {
        try folder.prepare()
        return try folder.keep(key, baseName: base)
    }

    func keepCopy(_ text: String, base: String) throws -> String {
        try folder.keep(copy: text, baseName: base)
    }

    /// Grades what the session returned against `key` and records it, as `koch grade` would the
    /// same copy, recording or log of key events; prints the grade.
    func grade(_ returned: LessonReturn, key: AnswerKey, keyPath: String, stoppedAtSeconds: Double?, source: String) throws {
        let now = LocalTimestamp(date: try Now.date(), timeZone: .current)
        var grading = LessonGrading(key: key, done: now, gradedAt: now)
        grading.live = true
        if case .copy = returned { grading.stoppedAtSeconds = stoppedAtSeconds }
        let refusals = GradeRefusalText(
            keyPath: keyPath, lessonID: key.lessonID, progressFile: store.path, date: nil, copySource: source, returnSource: source)
        let grade: LessonGrade
        do {
            grade = try grading.grade(returned) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        } catch let refused as LessonGrading.Refusal {
            throw Self.practiceFailure(refused, refusals: refusals)
        }
        let recorded: RecordedGrade
        do {
            recorded = try grade.record(in: store, replace: false, dryRun: false)
        } catch let refused as SessionRecording.Refusal {
            throw refusals.failure(refused, of: grade.session)
        }
        if let copy = grade.copy {
            print("")
            print(GradeText(recorded: recorded, copy: copy, progressFile: store.path).text, terminator: "")
        }
        print(
            "The session is kept in \(folder.path): \(URL(fileURLWithPath: keyPath).lastPathComponent) and \(URL(fileURLWithPath: source).lastPathComponent)."
        )
        if let writeFailure = recorded.writeFailure { throw writeFailure }
    }
}
