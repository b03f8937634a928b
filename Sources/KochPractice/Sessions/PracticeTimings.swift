import Foundation

/// What a live session measured of itself: how soon the keyer's sound followed a key, how soon a
/// character was shown after it ended, the sound device's latency, and the processor time taken.
/// `koch practice --timings FILE` writes it; `make bench` reads it.
public final class PracticeTimings: @unchecked Sendable {
    private let lock = NSLock()
    private var keyerLatencies: [Double] = []
    private var displayDelays: [Double] = []
    private var startWallSeconds: Double
    private var startProcessorSeconds: Double
    public var outputLatencySeconds: Double?
    /// The speed the session read characters at, to give the display delays in units and word gaps.
    public var unitSeconds: Double?

    public init(nowSeconds: Double) {
        startWallSeconds = nowSeconds
        startProcessorSeconds = Self.processorSeconds()
    }

    /// From a key event to the first block of sound made after it was handed to the sound device.
    public func keyerLatency(_ seconds: Double) { lock.withLock { keyerLatencies.append(seconds) } }

    /// From a character's last element's end to its being shown.
    public func displayDelay(_ seconds: Double) { lock.withLock { displayDelays.append(seconds) } }

    /// Processor time (user and system) this process has taken, in seconds.
    static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The figures, as JSON, at the session's end (`nowSeconds`).
    public func json(nowSeconds: Double) throws -> Data {
        let (keyer, display) = lock.withLock { (keyerLatencies, displayDelays) }
        let wall = max(nowSeconds - startWallSeconds, 1e-9)
        let report = Report(
            sessionSeconds: wall, processorShareOfOneCore: (Self.processorSeconds() - startProcessorSeconds) / wall,
            outputLatencySeconds: outputLatencySeconds, unitSeconds: unitSeconds,
            keyerLatencySeconds: Summary(keyer), displayDelaySeconds: Summary(display))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(report)
    }

    struct Report: Encodable {
        let sessionSeconds: Double
        let processorShareOfOneCore: Double
        let outputLatencySeconds: Double?
        let unitSeconds: Double?
        let keyerLatencySeconds: Summary
        let displayDelaySeconds: Summary
    }

    /// A distribution's count, median, 95th percentile and largest.
    struct Summary: Encodable {
        let count: Int
        let median: Double?
        let percentile95: Double?
        let largest: Double?
        let all: [Double]

        init(_ values: [Double]) {
            let sorted = values.sorted()
            count = sorted.count
            func at(_ share: Double) -> Double? {
                sorted.isEmpty ? nil : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * share).rounded()))]
            }
            median = at(0.5)
            percentile95 = at(0.95)
            largest = sorted.last
            all = values
        }
    }
}
