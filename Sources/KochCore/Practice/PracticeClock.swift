/// The lesson's time during live practice: seconds of the monotonic clock since the lesson
/// started, less the time spent paused, so that the lesson's time stands still while the learner
/// has paused it and goes on from there when they resume.
///
/// The clock is handed every moment (`atSeconds`, the monotonic clock's reading) and never reads
/// one itself.
public struct PracticeClock: Sendable, Hashable {
    /// The monotonic clock's reading when the lesson started.
    public let startSeconds: Double
    private var pausedSeconds: Double = 0
    private var pausedAtSeconds: Double?

    public init(startSeconds: Double) {
        self.startSeconds = startSeconds
    }

    public var isPaused: Bool { pausedAtSeconds != nil }

    /// Stops the lesson's time at `seconds`, which may be a moment still to come (the sound
    /// pauses at the end of the element sounding): until then the time runs on. Resumed before
    /// that moment, the clock runs as if never paused. Pausing a paused clock changes nothing.
    public mutating func pause(atSeconds seconds: Double) {
        guard pausedAtSeconds == nil else { return }
        pausedAtSeconds = seconds
    }

    /// Lets the lesson's time go on from where it stood; resuming a running clock changes nothing.
    public mutating func resume(atSeconds seconds: Double) {
        guard let pausedAt = pausedAtSeconds else { return }
        pausedSeconds += max(0, seconds - pausedAt)
        pausedAtSeconds = nil
    }

    /// Seconds into the lesson at the monotonic clock's reading `seconds` (never below 0).
    public func lessonSeconds(atSeconds seconds: Double) -> Double {
        let running = pausedAtSeconds.map { min($0, seconds) } ?? seconds
        return max(0, running - startSeconds - pausedSeconds)
    }
}
