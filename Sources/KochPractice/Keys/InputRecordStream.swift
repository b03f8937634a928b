import CEvdev

/// The bytes an input device yields, read into key events: whole 24-byte records however the
/// reads split them, a keyboard's auto-repeat left out, each event timed on the monotonic clock.
///
/// When the kernel's buffer overflowed (`SYN_DROPPED`), events up to the next report are lost:
/// a key let go among them would stay down for ever, a paddle sending dits on its own. So every
/// key held is let go at once, and the records up to the next report are passed over.
struct InputRecordStream: Sendable {
    /// Bytes that are no input events, and how.
    struct NotInputEvents: Error {
        let reason: String
    }

    let stamping: KeyDevice.Stamping
    private var unread: [UInt8] = []
    private var held: Set<UInt16> = []
    private var skippingToReport = false
    private var replayOffsetSeconds: Double?

    init(stamping: KeyDevice.Stamping) {
        self.stamping = stamping
    }

    /// The bytes of a part record, waiting for the rest of it.
    var partRecordBytes: Int { unread.count }

    /// The key events the bytes complete, bytes of a part record kept for the next read; throws
    /// why, at the first record that is no kernel's `input_event` (`InputRecord.problem`).
    mutating func events(from bytes: some Collection<UInt8>, receivedSeconds: Double) throws(NotInputEvents) -> [KeyEvent] {
        unread.append(contentsOf: bytes)
        let whole = unread.count / InputRecord.size * InputRecord.size
        var events: [KeyEvent] = []
        for start in stride(from: 0, to: whole, by: InputRecord.size) {
            let record = InputRecord(unread[start..<(start + InputRecord.size)])
            if let problem = record.problem { throw NotInputEvents(reason: problem) }
            let seconds = self.seconds(of: record, receivedSeconds: receivedSeconds)
            if record.type == UInt16(EV_SYN) {
                if record.code == UInt16(SYN_DROPPED) {
                    events += held.sorted().map { KeyEvent(seconds: seconds, code: $0, isDown: false) }
                    held = []
                    skippingToReport = true
                } else if record.code == UInt16(SYN_REPORT) {
                    skippingToReport = false
                }
                continue
            }
            guard !skippingToReport, let isDown = record.keyIsDown else { continue }
            if isDown { held.insert(record.code) } else { held.remove(record.code) }
            events.append(KeyEvent(seconds: seconds, code: record.code, isDown: isDown))
        }
        unread.removeFirst(whole)
        return events
    }

    private mutating func seconds(of record: InputRecord, receivedSeconds: Double) -> Double {
        switch stamping {
        case .recordTime: return record.seconds
        case .onReceipt: return receivedSeconds
        case .monotonicOrReceipt: return abs(record.seconds - receivedSeconds) < 60 ? record.seconds : receivedSeconds
        case let .replay(openedSeconds):
            let offset = replayOffsetSeconds ?? openedSeconds - record.seconds
            replayOffsetSeconds = offset
            return record.seconds + offset
        }
    }
}
