import Foundation

/// Keeps what C libraries print on standard error from the user while they start: PortAudio
/// probing JACK ("jack server is not running"), ALSA warning about every card a machine lacks.
///
/// Standard error is the process's, shared by its threads: the silence is counted, so that
/// overlapping silences from several threads restore it only when the last ends, and it is
/// kept to the short calls that chatter (starting the library, opening a device). koch's own
/// messages are written after these calls return.
enum StandardErrorSilence {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var savedDescriptor: Int32 = -1

    static func during<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        begin()
        defer { end() }
        return try body()
    }

    private static func begin() {
        lock.lock()
        defer { lock.unlock() }
        depth += 1
        guard depth == 1 else { return }
        fflush(nil)
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return }
        savedDescriptor = dup(STDERR_FILENO)
        if savedDescriptor >= 0 { dup2(null, STDERR_FILENO) }
        close(null)
    }

    private static func end() {
        lock.lock()
        defer { lock.unlock() }
        depth -= 1
        guard depth == 0, savedDescriptor >= 0 else { return }
        fflush(nil)
        dup2(savedDescriptor, STDERR_FILENO)
        close(savedDescriptor)
        savedDescriptor = -1
    }
}
