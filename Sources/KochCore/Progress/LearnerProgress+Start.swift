extension LearnerProgress {
    /// The progress with `start` given to each direction it has neither a start nor a session in
    /// (a send pack for a learner a receive pack started); nil when that changes nothing. What is
    /// recorded is never changed: a direction started or practised keeps its level.
    public func starting(_ start: StartingLevels) -> LearnerProgress? {
        var started = self.start
        for direction in Direction.allCases where started[direction] == nil {
            guard !sessions.contains(where: { $0.direction == direction }) else { continue }
            started[direction] = start[direction]
        }
        guard started != self.start else { return nil }
        return LearnerProgress(sessions: sessions, start: started)
    }
}
