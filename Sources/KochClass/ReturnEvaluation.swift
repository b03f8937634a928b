import Foundation
import KochCore
import KochIO

/// One return matched to its lesson, read and scored: a session ready to record, or why it is not graded.
/// Works on one file and touches no progress file, so that many are done at once.
struct ReturnEvaluation: Sendable {
    /// A return matched to one of its learner's lessons, still to be read.
    struct Job: Sendable {
        let file: ReturnsFolder.File
        let learner: RosterLoader.Learner
        let lesson: PackLesson
        /// The copy's text (a transcript), read already to find its lesson; its naming first line removed.
        let copy: String?
    }

    /// A session to record, with the recording it was read from.
    struct Graded: Sendable {
        let job: Job
        let session: GradedSession
        let score: Score
        let recording: KeyingRecording?
    }

    let done: LocalTimestamp
    let gradedAt: LocalTimestamp
    /// Every lesson of the pack, to tell a copy of another lesson.
    let allLessons: [PackLesson]

    func evaluate(_ job: Job) -> Result<Graded, NotGraded> {
        let key = job.lesson.key
        func refused(_ reason: String) -> Result<Graded, NotGraded> {
            .failure(NotGraded(path: job.file.path, learner: job.learner.name, reason: reason))
        }
        let score: Score
        let copy: String
        var recording: KeyingRecording?
        switch job.file.kind {
        case .transcript:
            copy = job.copy ?? ""
            score = Score(key: key, transcript: copy)
            let coverage = CopyCoverage(score: score)
            if coverage.isEmpty { return refused("holds no character of lesson \(key.lessonID): is it the file the copy was typed into?") }
            if coverage.isTooShort {
                return refused(
                    "holds \(coverage.written) characters of lesson \(key.lessonID), under a quarter of the \(coverage.sent) sent "
                        + "(grade a lesson stopped early on its own with koch grade --stopped-at).")
            }
        case .recording:
            guard key.direction == .send else {
                return refused("a recording, but lesson \(key.lessonID) is a receive lesson, graded from a typed copy (.txt).")
            }
            do {
                let read = try KeyingCheck.read(job.file.path, key: key)
                recording = read
                score = read.copy.score
                copy = read.result.text
            } catch let refusal as KeyingCheck.Refusal {
                return refused(refusal.summary + "; nothing recorded.")
            } catch {
                return refused("the recording cannot be read: \(error)")
            }
        }
        // A copy that fits its own lesson well cannot fit another far better: the others are read only when it fits badly.
        let others = score.accuracy + CopyMismatch.otherBetterBy <= 1 ? allLessons.map(\.key) : []
        if let mismatch = CopyMismatch.check(copy: copy, key: key, score: score, others: others) {
            if case let .matchesAnother(lessonID, _, _) = mismatch, let other = allLessons.first(where: { $0.lessonID == lessonID }),
                other.folderName != job.lesson.folderName
            {
                return refused("a copy of another learner's lesson (\(lessonID), in \(other.folderName)): \(mismatch)")
            }
            return refused("\(mismatch) (lesson \(key.lessonID))")
        }
        let session = GradedSession(key: key, score: score, date: done, gradedAt: gradedAt)
        return .success(Graded(job: job, session: session, score: score, recording: recording))
    }

    /// The text of a typed copy, or why it cannot be graded.
    static func readCopy(_ file: ReturnsFolder.File) -> Result<String, NotGradedReason> {
        let bytes: [UInt8]
        do {
            guard let read = try FileBytes.read(file.path) else { return .failure(.init("the file went missing while it was graded.")) }
            bytes = read
        } catch {
            return .failure(.init("the file cannot be read: \(error)"))
        }
        let text: String
        do {
            text = try Transcript.text(of: bytes)
        } catch .tooLong(let count) {
            return .failure(.init("\(count) bytes, far more than a lesson's copy: is it the right file?"))
        } catch {
            return .failure(.init("not UTF-8 text: save the copy as plain text."))
        }
        guard text.contains(where: { !$0.isWhitespace }) else { return .failure(.init("the file is empty.")) }
        return .success(text)
    }

    /// Why a return is not graded, before it is tied to a learner's list.
    struct NotGradedReason: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
