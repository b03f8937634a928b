import Foundation
import KochClass
import KochCore
import KochIO

extension GradeCommand {
    /// Grades a contact answered (a key with `qso`): the learner's overs from the paddle log at
    /// `eventsPath`, and their copy of the other station when `--transcript` is given.
    func gradeContact(_ key: AnswerKey, events eventsPath: String) throws {
        try gradeContact(key, readFrom: eventsPath) { grading, copy in
            try grading.grade(
                events: try keyer.read(eventsPath), path: eventsPath, speedWPM: speedWPM, mode: keyer.modeOrDefault, copy: copy, warn: Self.warn)
        }
    }

    /// Grades a contact answered, the learner's overs read from `source` by `read` (given the
    /// grading and the copy, if `--transcript` gave one), then records and prints it.
    func gradeContact(_ key: AnswerKey, readFrom source: String, read: (QSOGrading, String?) throws -> QSOGrade) throws {
        let (done, gradedAt) = try sessionDates()
        let store = progress.store
        let refusals = GradeRefusalText(
            keyPath: keyPath, lessonID: key.lessonID, progressFile: store.path, date: date, copySource: transcriptName ?? "Standard input",
            returnSource: transcriptName ?? "your copy")
        var grading: QSOGrading
        do {
            grading = try QSOGrading(key: key, done: done, gradedAt: gradedAt)
        } catch {
            throw refusals.failure(error, source: source)
        }
        grading.doneGivenWithTime = date.map(LocalTimestamp.givesTimeOfDay)
        grading.force = force
        if !force { grading.otherKeys = AnswerKeyFile.siblings(of: keyPath) }
        let grade: QSOGrade
        do {
            let copy = transcriptPath == nil ? nil : try readTranscript()
            grade = try read(grading, copy)
        } catch let refused as QSOGrading.Refusal {
            throw refusals.failure(refused, source: source)
        } catch let refused as KeyingCheck.Refusal {
            throw refusals.failure(.keying(refused))
        }
        let recorded: RecordedQSOGrade
        do {
            recorded = try grade.record(in: store, replace: replace, dryRun: dryRun)
        } catch let refused as SessionRecording.Refusal {
            throw refusals.failure(refused, of: grade.sent)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(QSOReport(recorded, progressFile: store.path)), as: UTF8.self))
        } else {
            print(QSOGradeText(recorded: recorded, progressFile: store.path).text, terminator: "")
        }
        if let writeFailure = recorded.writeFailure { throw writeFailure }
    }
}
