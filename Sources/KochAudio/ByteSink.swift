import Glibc
import KochCore

/// Where an encoder's bytes go as they are made: appended in order, with
/// one stretch written over at the end (the MP3 info frame, known last).
protocol ByteSink {
    /// Bytes written so far.
    var count: Int { get }
    mutating func append(_ bytes: ArraySlice<UInt8>) throws(AudioError)
    /// Writes `bytes` over what was appended at `offset`.
    mutating func overwrite(at offset: Int, with bytes: [UInt8]) throws(AudioError)
}

/// Bytes kept in memory.
struct MemorySink: ByteSink {
    private(set) var bytes: [UInt8] = []
    var count: Int { bytes.count }

    mutating func append(_ bytes: ArraySlice<UInt8>) { self.bytes.append(contentsOf: bytes) }

    mutating func overwrite(at offset: Int, with bytes: [UInt8]) {
        self.bytes.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    }
}

/// Bytes written straight into a new file, so that nothing long is held.
final class FileSink: ByteSink {
    private let descriptor: Int32
    /// The name errors give: the file the user asked for, not its temporary name.
    private let name: String
    private(set) var count = 0

    /// Creates the file at `path` (which must not exist); errors name `name`.
    init(creating path: String, name: String) throws(AudioError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: name, reason: SystemErrorText.reason(errno)) }
        self.descriptor = descriptor
        self.name = name
    }

    deinit { close(descriptor) }

    func append(_ bytes: ArraySlice<UInt8>) throws(AudioError) {
        try write(bytes, at: count)
        count += bytes.count
    }

    func overwrite(at offset: Int, with bytes: [UInt8]) throws(AudioError) {
        try write(bytes[...], at: offset)
    }

    private func write(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(AudioError) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { pwrite(descriptor, $0 + done, raw.count - done, off_t(offset + done)) } ?? 0
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: name, reason: SystemErrorText.reason(errno))
            }
            done += written
        }
    }
}
