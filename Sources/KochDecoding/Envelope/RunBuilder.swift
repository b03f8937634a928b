import KochCore

/// Turns per-sample key decisions into marks and spaces, absorbing runs
/// shorter than `minimumLengthSamples` into their neighbours: a noise spike
/// in a space is not a dit, and a noise dip in a dah does not split it.
/// A run is released once the next run of the other kind has proved long
/// enough, so the output lags by at most one element.
///
/// One that `releasesEarly` (a live reading) releases a run as soon as the next has lasted
/// `minimumLengthSamples`: nothing can join them after that, so the runs are the same, only
/// sooner.
public struct RunBuilder: Sendable {
    public var minimumLengthSamples: Int
    public let releasesEarly: Bool
    private var current: KeyingRun?
    private var pending: KeyingRun?
    private var position = 0

    public init(minimumLengthSamples: Int, releasesEarly: Bool = false) {
        self.minimumLengthSamples = minimumLengthSamples
        self.releasesEarly = releasesEarly
    }

    /// The space going on now, once every run before it has been released (`releasesEarly`).
    public var openSpace: KeyingRun? {
        guard let current, !current.isMark, pending == nil, current.lengthSamples >= minimumLengthSamples else { return nil }
        return current
    }

    /// Takes the decision on the next sample; returns a run when one is complete.
    @inline(__always)
    public mutating func process(keyDown: Bool) -> KeyingRun? {
        defer { position += 1 }
        if var run = current {
            if run.isMark == keyDown {
                run.lengthSamples += 1
                current = run
                guard releasesEarly, run.lengthSamples >= minimumLengthSamples, let previous = pending, previous.isMark != run.isMark else {
                    return nil
                }
                pending = nil
                return previous
            }
            current = KeyingRun(isMark: keyDown, startSample: position, lengthSamples: 1)
            return close(run)
        }
        current = KeyingRun(isMark: keyDown, startSample: position, lengthSamples: 1)
        return nil
    }

    private mutating func close(_ run: KeyingRun) -> KeyingRun? {
        guard var previous = pending else {
            pending = run
            return nil
        }
        if previous.isMark == run.isMark || run.lengthSamples < minimumLengthSamples {
            previous.lengthSamples += run.lengthSamples
            pending = previous
            return nil
        }
        pending = run
        return previous
    }

    /// The runs still held, at the end of the recording.
    public mutating func finish() -> [KeyingRun] {
        var runs: [KeyingRun] = []
        if let run = current, let released = close(run) { runs.append(released) }
        current = nil
        if let run = pending { runs.append(run) }
        pending = nil
        return runs
    }
}
