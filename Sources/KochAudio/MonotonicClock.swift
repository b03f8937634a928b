import Foundation

/// Seconds on the machine's monotonic clock (`CLOCK_MONOTONIC`): what live practice times its
/// sound, its key events and its typing by. It never goes back and does not jump with the date.
public enum MonotonicClock {
    public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
