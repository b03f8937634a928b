import Foundation
import KochCore
import KochIO

extension ClassService {
    /// Takes back a progress file the learner carried on with offline: read and checked as `koch`
    /// reads one (one that cannot be read changes nothing), then merged in one transaction with what
    /// the server recorded meanwhile: every session of either, once (a lesson's session is the same
    /// when its lesson and the time it was graded are), so that nothing graded on either side is lost.
    public func replaceProgress(of learner: LearnerRow, with bytes: [UInt8]) throws {
        guard bytes.count <= limits.progressBytes else { throw ServerRefusal.tooLarge(limitBytes: limits.progressBytes) }
        let progress: LearnerProgress
        do {
            progress = try ProgressStore.decode(bytes, path: "the progress file sent")
        } catch {
            throw ServerRefusal.badRequest("That is not a koch progress file koch can read: \(error) Your progress was not changed.")
        }
        try database.updateProgress(of: learner) { recorded in
            let brought = Set(progress.sessions.map { SessionIdentity(lessonID: $0.lessonID, gradedAt: $0.gradedAt) })
            let kept = recorded.sessions.filter { !brought.contains(SessionIdentity(lessonID: $0.lessonID, gradedAt: $0.gradedAt)) }
            let merged = progress.with(sessions: progress.sessions + kept)
            if let problem = merged.consistencyProblems.first {
                throw ServerRefusal.badRequest("That progress file does not fit what the server recorded: \(problem) Your progress was not changed.")
            }
            return merged
        }
    }
}

/// What makes two records of a session the same: its lesson, graded at the same moment.
private struct SessionIdentity: Hashable {
    let lessonID: String
    let gradedAt: LocalTimestamp
}
