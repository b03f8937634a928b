import Foundation

/// A FIFO of key events kept open across a whole session, written to whenever the test asks
/// (`play`), so that a session that waits for keying more than once (a contact's overs) sees one
/// key device from its start to its end. Each batch of presses is timed from when it is asked for,
/// on the monotonic clock, and written at once: the reader applies each at its time, so that a
/// loaded machine that is late to run this writer does not change the keying.
public final class KeyEventWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "KeyEventWriter")
    private var descriptor: Int32 = -1

    /// Opens `path` for writing on a queue of its own (which waits for the FIFO's reader).
    public init(path: String) {
        queue.async { self.descriptor = open(path, O_WRONLY) }
    }

    /// Writes `presses` timed from now plus `delaySeconds`, after those asked for before.
    public func play(_ presses: [KeyEventFeed.Press], delaySeconds: Double = 0.3) {
        let start = KeyEventFeed.monotonicSeconds() + delaySeconds
        queue.async {
            guard self.descriptor >= 0 else { return }
            let bytes = presses.sorted { $0.seconds < $1.seconds }.flatMap { KeyEventFeed.records($0, seconds: start + $0.seconds) }
            _ = bytes.withUnsafeBytes { write(self.descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// Closes the FIFO once what was asked for is written: the end of the device for its reader.
    public func close() {
        queue.async {
            if self.descriptor >= 0 { Foundation.close(self.descriptor) }
            self.descriptor = -1
        }
    }
}
