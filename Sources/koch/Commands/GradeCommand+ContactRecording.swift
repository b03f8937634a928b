import Foundation
import KochClass
import KochCore
import KochIO

extension GradeCommand {
    /// `--audio` with the key of a contact to answer (`koch lesson --kind qso --respond`): the
    /// recording of the lesson played aloud with the learner's keying in its pauses. The learner's
    /// overs are read from it and graded as a paddle log's are, with the copy if one is given.
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
        let refusals = GradeRefusalText(
            keyPath: keyPath, lessonID: key.lessonID, progressFile: progress.store.path, date: date, copySource: audioPath,
            returnSource: audioPath)
        try gradeContact(key, readFrom: audioPath) { grading, copy in
            do {
                return try QSORecordingGrade.grade(recording: audioPath, grading: grading, copy: copy)
            } catch let refused as QSORecordingGrade.Refusal {
                switch refused {
                case let .unread(why): throw refusals.nothingRecorded(why.description(file: audioPath))
                case let .doubtful(doubts):
                    throw refusals.nothingRecorded(
                        "\(audioPath): your keying in the pauses is not a plausible reading of keying: \(doubts.map(\.description).joined(separator: "; ")).",
                        then: "Record in a quieter room, with the phone near the speaker and your sidetone.")
                }
            }
        }
    }
}
