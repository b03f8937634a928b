import CEvdev
import Foundation
import KochAudio

/// An input device read for its keys: a paddle adapter or a keyboard under `/dev/input`, or a
/// file or FIFO of the device's `input_event` records (as tests and scripts give one).
///
/// Times are on the monotonic clock. A device is switched to it (`EVIOCSCLOCKID`) and each
/// record's own time is used; a FIFO's records keep their own times when those are on the
/// monotonic clock (a writer that times its records, as a test or a script does, even ahead of
/// when it writes them) and are stamped as they arrive otherwise; a plain file, read as
/// fast as it comes, keeps the spacing of its records' times, the first falling at the moment it
/// was opened. Records are read by `InputRecordStream`. One thread reads it at a time; the lock
/// makes that safe, not concurrent.
public final class KeyDevice: @unchecked Sendable {
    /// How a record's time becomes a monotonic time.
    enum Stamping: Sendable, Hashable {
        /// A device whose clock is the monotonic clock.
        case recordTime
        /// On receipt: a device whose clock could not be set.
        case onReceipt
        /// A FIFO: the record's time if it is within a minute of the monotonic clock's, else on receipt.
        case monotonicOrReceipt
        /// A file: the record's time, moved so that the first record falls at `openedSeconds`.
        case replay(openedSeconds: Double)
    }

    /// What was opened: a session paces a file's events by their times, as they all come at once.
    public enum Kind: Sendable, Hashable {
        case inputDevice
        case fifo
        case file
    }

    public let path: String
    public let kind: Kind
    /// The device's name (`EVIOCGNAME`); nil for a file or FIFO.
    public let name: String?
    /// Of the codes it was opened for, those the device has; nil for a file or FIFO, which cannot say.
    public let codes: Set<UInt16>?
    private let descriptor: Int32
    private let lock = NSLock()
    private var stream: InputRecordStream
    private var ready: [KeyEvent] = []

    /// Opens `path`; a device must have at least one of `codes` (when some are given).
    public init(path: String, codes: [UInt16] = []) throws(KeyDeviceError) {
        self.path = path
        let opened = try Self.open(path, codes: codes)
        (descriptor, name, self.codes, kind) = (opened.descriptor, opened.name, opened.codes, opened.kind)
        stream = InputRecordStream(stamping: opened.stamping)
    }

    deinit { close(descriptor) }

    /// The next key going down or up, waiting up to `timeoutSeconds`; nil if none came by then.
    /// Throws `.ended` once the device is unplugged, a FIFO's writer has closed it or a file has
    /// been read to its end, after every event before that.
    public func next(timeoutSeconds: Double) throws(KeyDeviceError) -> KeyEvent? {
        lock.lock()
        defer { lock.unlock() }
        let deadline = MonotonicClock.seconds() + max(0, timeoutSeconds)
        while ready.isEmpty {
            let waitMilliseconds = Int32(max(0, min(Double(Int32.max), ((deadline - MonotonicClock.seconds()) * 1000).rounded(.up))))
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&request, 1, waitMilliseconds)
            if polled < 0, errno == EINTR { continue }
            guard polled >= 0 else { throw .readFailed(path, reason: String(cString: strerror(errno))) }
            guard polled > 0 else { return nil }
            try readAvailable()
        }
        return ready.removeFirst()
    }

    private func readAvailable() throws(KeyDeviceError) {
        var buffer = [UInt8](repeating: 0, count: InputRecord.size * 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            switch errno {
            case EAGAIN, EINTR: return
            case ENODEV: throw .ended(path)
            case let code: throw .readFailed(path, reason: String(cString: strerror(code)))
            }
        }
        guard count > 0 else {
            let part = stream.partRecordBytes
            if part > 0 { throw .notInputEvents(path, reason: "it ends \(part) bytes into a \(InputRecord.size)-byte record") }
            throw .ended(path)
        }
        do {
            ready += try stream.events(from: buffer[..<count], receivedSeconds: MonotonicClock.seconds())
        } catch {
            throw .notInputEvents(path, reason: error.reason)
        }
    }
}
