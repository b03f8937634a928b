import KochCore

/// What the keys of a copy typed live must be to be graded, whichever front end sent them: in order
/// of time, from the lesson's start (a page's clock, less the sound's output latency, reads a little
/// below zero in its first moment: taken as the start) to where the session ended (the stop, or the
/// last group's typing time after the sound, `ReceiveCopy.lastTypingSeconds`), as in `koch practice`;
/// no more than anyone types in an hour. A stop after the lesson's end is no stop (`ReceiveCopy`).
/// Keys typed while the lesson was paused are the front end's to leave out: the lesson's clock stood still.
public enum LiveTyping {
    /// A session longer than a lesson and its typing time cannot be one of this server's lessons.
    public static let longestSeconds = 3600.0
    /// How far before the lesson's start a key may be timed (and is taken at the start).
    public static let earliestSeconds = 1.0
    /// More keys than anyone types in an hour's lesson.
    public static let mostKeys = 20_000

    /// The keys as they are graded; refused (400) as a whole when one breaks the rules.
    public static func checked(_ keys: [TypedKey], stoppedAtSeconds stop: Double?, lessonSeconds: Double) throws -> [TypedKey] {
        guard keys.count <= mostKeys else {
            throw ServerRefusal.badRequest("More than \(mostKeys) keys: that is no lesson's copy. Nothing was recorded.")
        }
        if let stop, !(stop.isFinite && stop >= 0 && stop <= longestSeconds) {
            throw ServerRefusal.badRequest(
                "stoppedAt is where the lesson was stopped, 0 to \(Int(longestSeconds)) s into it. Nothing was recorded.")
        }
        let end = min(stop ?? .infinity, lessonSeconds + ReceiveCopy.lastTypingSeconds)
        var previousSeconds = -Double.infinity
        for (index, key) in keys.enumerated() {
            let seconds = key.lessonSeconds
            guard seconds.isFinite, seconds >= -earliestSeconds, seconds <= end, seconds >= previousSeconds else {
                throw ServerRefusal.badRequest(
                    "Key \(index + 1) is typed at \(seconds) s: keys come in order, from the lesson's start to where the session "
                        + "ended (\(String(format: "%.1f", end)) s). Nothing was recorded.")
            }
            previousSeconds = seconds
        }
        return keys.map { TypedKey(lessonSeconds: max(0, $0.lessonSeconds), action: $0.action) }
    }
}
