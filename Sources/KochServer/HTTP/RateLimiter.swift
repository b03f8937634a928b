import Foundation
import Synchronization

/// At most so many submissions per learner in a window of time: a learner sends a lesson or two
/// an hour, a script sending hundreds is refused (429) before anything is graded.
final class RateLimiter: Sendable {
    let limit: Int
    let windowSeconds: Double
    private let times = Mutex<[String: [Date]]>([:])

    init(limit: Int = 10, windowSeconds: Double = 60) {
        self.limit = limit
        self.windowSeconds = windowSeconds
    }

    /// Counts a submission for `key` at `now`; nil when it is let through, else the seconds to wait.
    func admit(_ key: String, now: Date) -> Int? {
        times.withLock { times in
            let recent = (times[key] ?? []).filter { now.timeIntervalSince($0) < windowSeconds }
            if recent.count >= limit {
                times[key] = recent
                let oldest = recent.min() ?? now
                return max(1, Int((windowSeconds - now.timeIntervalSince(oldest)).rounded(.up)))
            }
            times[key] = recent + [now]
            if times.count > 10_000 { times = times.filter { !$0.value.isEmpty } }
            return nil
        }
    }
}
