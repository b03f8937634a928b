import KochCore
import KochIO

extension SessionRecording {
    /// What grading `sessions` together gives (both halves of a contact): recorded in the
    /// progress file in one write, each after the one before it, or none of them when one is
    /// refused; for a dry run, checked and not written. A file that cannot be written still gives
    /// the outcomes, from the file as it is, with the failure to report after them.
    public static func outcomes(of sessions: [GradedSession], in store: any ProgressRecords, replace: Bool, dryRun: Bool) throws
        -> (outcomes: [GradeOutcome], writeFailure: FileError?)
    {
        if dryRun {
            let recorded = try store.read()
            for session in sessions { try check(session, against: recorded) }
            return (replayed(sessions, from: recorded), nil)
        }
        do {
            let outcomes = try store.update { recorded in
                var progress = recorded
                var outcomes: [GradeOutcome] = []
                for session in sessions {
                    let (next, outcome) = try recording(session, into: progress, replace: replace)
                    outcomes.append(outcome)
                    progress = next
                }
                return (progress, outcomes)
            }
            return (outcomes, nil)
        } catch let failure as FileError where failure.isWriteFailure {
            guard let recorded = try? store.read() else { throw failure }
            return (replayed(sessions, from: recorded), failure)
        }
    }

    /// What each of `sessions` does to `progress`, each after the one before it.
    private static func replayed(_ sessions: [GradedSession], from progress: LearnerProgress) -> [GradeOutcome] {
        var progress = progress
        return sessions.map { session in
            defer { progress = progress.recording(session) }
            return GradeOutcome(progress: progress, session: session)
        }
    }
}
