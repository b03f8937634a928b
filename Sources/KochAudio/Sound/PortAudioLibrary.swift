import CPortAudio
import Foundation

/// PortAudio started while anything uses it: `Pa_Initialize` on the first `acquire`, `Pa_Terminate`
/// on the last `release`, under one lock, since neither call may run on two threads at once.
///
/// PortAudio reads the list of devices when it starts, so a list taken while a stream is open
/// is the one from that start. What it and the libraries below it print is kept from the user:
/// while it starts, everything on standard error (JACK and ALSA looking for what the machine
/// lacks); while it is in use, the C library's `stderr` stream goes nowhere (PortAudio prints
/// the failing call when a device goes away; koch says that itself). Writes to standard error
/// through `FileHandle.standardError` pass as ever; anything written through C's `stderr`
/// while a stream is open (ArgumentParser's messages are) is lost, so close streams first.
enum PortAudioLibrary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var users = 0
    nonisolated(unsafe) private static var standardErrorStream: UnsafeMutablePointer<FILE>?
    /// Kept open for the life of the process: a thread printing as the stream is replaced may still hold it.
    nonisolated(unsafe) private static let nowhere = fopen("/dev/null", "w")

    static func acquire() throws(SoundError) {
        lock.lock()
        defer { lock.unlock() }
        if users == 0 {
            if let nowhere { standardErrorStream = koch_replace_stderr(nowhere) }
            let status = StandardErrorSilence.during { Pa_Initialize() }
            guard status == paNoError.rawValue else {
                restoreStandardErrorStream()
                throw .cannotStart(device: "PortAudio", reason: errorText(status))
            }
        }
        users += 1
    }

    static func release() {
        lock.lock()
        defer { lock.unlock() }
        guard users > 0 else { return }
        users -= 1
        if users == 0 {
            StandardErrorSilence.during { _ = Pa_Terminate() }
            restoreStandardErrorStream()
        }
    }

    private static func restoreStandardErrorStream() {
        guard let standardErrorStream else { return }
        _ = koch_replace_stderr(standardErrorStream)
        self.standardErrorStream = nil
    }

    /// Runs `body` with PortAudio started, and stops it after unless something else uses it.
    static func using<Value>(_ body: () throws(SoundError) -> Value) throws(SoundError) -> Value {
        try acquire()
        defer { release() }
        return try body()
    }

    /// What PortAudio says of an error code; for a host error, what the host (ALSA) said.
    static func errorText(_ status: PaError) -> String {
        if status == paUnanticipatedHostError.rawValue, let info = Pa_GetLastHostErrorInfo(), let text = info.pointee.errorText {
            let hostText = String(cString: text)
            if !hostText.isEmpty { return hostText }
        }
        return String(cString: Pa_GetErrorText(status))
    }
}
