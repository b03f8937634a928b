extension PracticeReminders {
    /// The reminders for a learner's recorded progress: whether they have practised
    /// `today` (which holds back the streak reminder) is read from its sessions.
    public init(
        progress: LearnerProgress, today: CalendarDay, minuteOfDay: Int = defaultMinuteOfDay, quiet: QuietHours = .standard,
        nowMinuteOfDay: Int? = nil
    ) {
        self.init(
            learner: LearnerState(progress: progress), today: today, practisedToday: progress.practised(on: today),
            minuteOfDay: minuteOfDay, quiet: quiet, nowMinuteOfDay: nowMinuteOfDay)
    }
}
