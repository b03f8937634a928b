import CEvdev

/// One `struct input_event` as a 64-bit Linux kernel writes it: 24 bytes, a `timeval` (seconds
/// and microseconds, 8 bytes each), then `type` and `code` (16 bits) and `value` (32 bits).
struct InputRecord: Sendable, Hashable {
    static let size = 24

    let seconds: Double
    /// The microseconds of its `timeval`, as written: under a million in a kernel's record.
    let microseconds: Int64
    let type: UInt16
    let code: UInt16
    let value: Int32

    init(seconds: Double, type: UInt16, code: UInt16, value: Int32) {
        self.init(seconds: seconds, microseconds: Int64(((seconds - seconds.rounded(.down)) * 1e6).rounded()), type: type, code: code, value: value)
    }

    private init(seconds: Double, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// Reads a record from its 24 bytes (little-endian, as x86-64 and arm64 write them).
    init(_ bytes: ArraySlice<UInt8>) {
        let (wholeSeconds, microseconds, type, code, value) = bytes.withUnsafeBytes { raw in
            (
                Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: Int64.self)),
                Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: Int64.self)),
                UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt16.self)),
                UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 18, as: UInt16.self)),
                Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 20, as: Int32.self))
            )
        }
        self.init(
            seconds: Double(wholeSeconds) + Double(microseconds) / 1e6, microseconds: microseconds, type: type, code: code, value: value)
    }

    /// The record's 24 bytes: what a test writes into a FIFO.
    var bytes: [UInt8] {
        let wholeSeconds = seconds.rounded(.down)
        var data: [UInt8] = []
        withUnsafeBytes(of: Int64(wholeSeconds).littleEndian) { data += $0 }
        withUnsafeBytes(of: Int64(((seconds - wholeSeconds) * 1e6).rounded()).littleEndian) { data += $0 }
        withUnsafeBytes(of: type.littleEndian) { data += $0 }
        withUnsafeBytes(of: code.littleEndian) { data += $0 }
        withUnsafeBytes(of: value.littleEndian) { data += $0 }
        return data
    }

    /// For a key's record, whether it went down (value 1) or up (0); nil for anything else,
    /// a keyboard's auto-repeat (2) included.
    var keyIsDown: Bool? {
        guard type == UInt16(EV_KEY), value == 0 || value == 1 else { return nil }
        return value == 1
    }

    /// Why these bytes are no `input_event` a kernel writes; nil when they may be one. Random
    /// bytes fail at once: a type above `EV_MAX` (31) is nearly certain among them.
    var problem: String? {
        if type > UInt16(EV_MAX) { return "a record's type is \(type), and the kernel's go up to \(EV_MAX)" }
        if microseconds < 0 || microseconds >= 1_000_000 { return "a record's time has \(microseconds) microseconds" }
        if seconds < 0 { return "a record's time is before 1970" }
        if type == UInt16(EV_SYN), code > UInt16(SYN_DROPPED) { return "a synchronisation record has code \(code)" }
        if type == UInt16(EV_KEY), !(0...2).contains(value) { return "a key's record has value \(value) (0 up, 1 down, 2 repeat)" }
        return nil
    }
}
