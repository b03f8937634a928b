import Foundation

/// Turns the first Ctrl-C (SIGINT) or SIGTERM into a request to stop: long
/// work checks `isRequested` between pieces, finishes the pieces under way
/// and says what was done. A second one stops at once.
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false
    private var sources: [DispatchSourceSignal] = []

    /// Starts listening; `notice` is written to standard error on the first signal.
    init(notice: String) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.lock()
                let again = self.requested
                self.requested = true
                self.lock.unlock()
                if again { _exit(128 + number) }
                FileHandle.standardError.write(Data(("\n" + notice + "\n").utf8))
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    /// Sends this process a SIGINT, as a Ctrl-C would, and returns once it is
    /// seen, so that work asking `isRequested` next stops.
    func requestAsCtrlC() {
        kill(getpid(), SIGINT)
        while !isRequested { usleep(1000) }
    }

    var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }
}
