extension LearnerProgress {
    /// Whether a session was recorded on `day`, in either direction, on the learner's own clock.
    public func practised(on day: CalendarDay) -> Bool {
        sessions.contains { $0.date.day == day }
    }
}
