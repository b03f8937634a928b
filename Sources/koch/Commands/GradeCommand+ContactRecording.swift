import Foundation
import KochClass
import KochCore
import KochIO

extension GradeCommand {
    /// `--audio` with the key of a contact to answer (`koch lesson --kind qso --respond`): the
    /// recording of the lesson played aloud with the learner's keying in its pauses. The learner's
    /// overs are read and graded against the script, and recorded as their send half.
    func gradeContactRecording(_ key: AnswerKey, audioPath: String) throws {
        if toneHz != nil || speedWPM != nil {
            throw CommandFailure(
                description:
                    "--tone and --wpm are not for a recording of a contact: koch finds the lesson's station by its keying, and your sidetone in the pauses."
            )
        }
        try FileError.checkNotFolder(audioPath, expected: "the recording of your contact")
        guard FileManager.default.fileExists(atPath: audioPath) else {
            throw CommandFailure(description: "\(audioPath): there is no recording here. Give the path of the recording of your contact.")
        }
        let (done, gradedAt) = try sessionDates()
        var grading = LessonGrading(key: key, done: done, gradedAt: gradedAt)
        grading.doneGivenWithTime = date.map(LocalTimestamp.givesTimeOfDay)
        let store = progress.store
        let refusals = GradeRefusalText(
            keyPath: keyPath, lessonID: key.lessonID, progressFile: store.path, date: date, copySource: audioPath, returnSource: audioPath)
        let graded: QSORecordingGrade
        do {
            graded = try QSORecordingGrade.grade(recording: audioPath, grading: grading)
        } catch let refused as QSORecordingGrade.Refusal {
            switch refused {
            case let .unread(why): throw refusals.nothingRecorded(why.description(file: audioPath))
            case let .doubtful(doubts):
                throw refusals.nothingRecorded(
                    "\(audioPath): your keying in the pauses is not a plausible reading of keying: \(doubts.map(\.description).joined(separator: "; ")).",
                    then: "Record in a quieter room, with the phone near the speaker and your sidetone.")
            case let .lesson(refusal): throw refusals.failure(refusal)
            }
        }
        let recorded: RecordedGrade
        do {
            recorded = try graded.lesson.record(in: store, replace: replace, dryRun: dryRun)
        } catch let refused as SessionRecording.Refusal {
            throw refusals.failure(refused, of: graded.lesson.session)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let report = QSORecordingReport(graded, recorded: recorded, progressFile: store.path)
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(ContactRecordingText(graded: graded, recorded: recorded, file: audioPath, progressFile: store.path).text, terminator: "")
        }
        if let writeFailure = recorded.writeFailure { throw writeFailure }
    }
}
