import Foundation
import KochCore

/// Key presses a test makes as a paddle adapter or a key would: Linux `input_event` records
/// (24 bytes on x86-64: a timeval, type, code and value), written into a FIFO at chosen times, as
/// the kernel hands them to a reader of `/dev/input/eventN`.
public enum KeyEventFeed {
    /// One key going down or up, `seconds` after the feed starts.
    public struct Press: Sendable, Hashable {
        public let seconds: Double
        public let code: UInt16
        public let isDown: Bool

        public init(seconds: Double, code: UInt16, isDown: Bool) {
            self.seconds = seconds
            self.code = code
            self.isDown = isDown
        }
    }

    public static let leftControl: UInt16 = 29
    public static let rightControl: UInt16 = 97
    public static let space: UInt16 = 57

    /// The monotonic clock's time, in seconds (the clock a key device's records are timed on).
    public static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// A FIFO at `path`.
    public static func makeFIFO(_ path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The record of a key event and the synchronisation record after it, timed `seconds` (on the
    /// monotonic clock) or, without it, now on the wall clock as a dump of a device is.
    public static func records(_ press: Press, seconds: Double? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        func record(type: UInt16, code: UInt16, value: Int32) {
            let now = seconds ?? Date().timeIntervalSince1970
            withUnsafeBytes(of: Int64(now).littleEndian) { bytes += $0 }
            withUnsafeBytes(of: Int64((now - now.rounded(.down)) * 1e6).littleEndian) { bytes += $0 }
            withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }
        record(type: 1, code: press.code, value: press.isDown ? 1 : 0)
        record(type: 0, code: 0, value: 0)
        return bytes
    }

    /// Opens the FIFO for writing (which waits for its reader) on a thread of its own, then writes
    /// each press at its time from then on (plus `delaySeconds`), and closes it: the end of the
    /// device for its reader. Returns at once; `done` is signalled when the feed is closed.
    public static func play(_ presses: [Press], into path: String, delaySeconds: Double = 0.5, done: DispatchSemaphore? = nil) {
        Thread.detachNewThread {
            let fd = open(path, O_WRONLY)
            defer {
                if fd >= 0 { close(fd) }
                done?.signal()
            }
            guard fd >= 0 else { return }
            let start = Date().addingTimeInterval(delaySeconds)
            for press in presses.sorted(by: { $0.seconds < $1.seconds }) {
                let wait = start.addingTimeInterval(press.seconds).timeIntervalSinceNow
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                let bytes = records(press)
                _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            }
            Thread.sleep(forTimeInterval: 0.3)
        }
    }

    /// `text` keyed on a paddle through an iambic keyer at `wpm`: each element's paddle pressed as
    /// the keyer is ready for it and let go half a unit later (before the element ends, so each
    /// press sounds one element), a character's gap and a word's added between them.
    public static func paddle(_ text: String, wpm: Double, startSeconds: Double = 0) -> [Press] {
        let unit = Timing.unitSeconds(wpm: wpm)
        var time = startSeconds
        var presses: [Press] = []
        for word in text.split(separator: " ") {
            for token in WrittenTokens.split(word) {
                for element in WrittenTokens.pattern(of: token) ?? "" {
                    let code = element == "." ? leftControl : rightControl
                    presses.append(Press(seconds: time, code: code, isDown: true))
                    presses.append(Press(seconds: time + unit / 2, code: code, isDown: false))
                    time += Double(element == "." ? 2 : 4) * unit + 0.3 * unit
                }
                time += 2.2 * unit
            }
            time += 4.4 * unit
        }
        return presses
    }

    /// `text` keyed on a straight key (`code`, the space bar by default) at `wpm`, with exact timing.
    public static func straightKey(_ text: String, wpm: Double, code: UInt16 = space, startSeconds: Double = 0) -> [Press] {
        let unit = Timing.unitSeconds(wpm: wpm)
        var time = startSeconds
        var presses: [Press] = []
        for word in text.split(separator: " ") {
            for token in WrittenTokens.split(word) {
                for element in WrittenTokens.pattern(of: token) ?? "" {
                    let length = Double(element == "." ? 1 : 3) * unit
                    presses.append(Press(seconds: time, code: code, isDown: true))
                    presses.append(Press(seconds: time + length, code: code, isDown: false))
                    time += length + unit
                }
                time += 2 * unit
            }
            time += 4 * unit
        }
        return presses
    }
}
