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

    /// An error code told as a learner can act on it: PortAudio's own texts name its internals
    /// ("Unanticipated host error"); for a host error, what the host (ALSA) said, where it said.
    static func errorText(_ status: PaError) -> String {
        if status == paUnanticipatedHostError.rawValue {
            let hostText = Pa_GetLastHostErrorInfo()?.pointee.errorText.map { String(cString: $0) } ?? ""
            return hostText.isEmpty ? "the sound system failed without saying why" : "the sound system said: \(hostText)"
        }
        return reason(status) ?? "the sound library said: \(String(cString: Pa_GetErrorText(status)))"
    }

    /// What the codes a learner meets mean for them; nil for the others.
    static func reason(_ status: PaError) -> String? {
        switch status {
        case paDeviceUnavailable.rawValue: "it is not there any more (unplugged, or taken by another program)"
        case paTimedOut.rawValue: "it stopped answering"
        case paInvalidSampleRate.rawValue: "it does not play or record at the sample rate koch asks for"
        case paInvalidChannelCount.rawValue: "it has no single channel koch can play or record"
        case paInvalidDevice.rawValue: "it is no device the sound system can open"
        case paInsufficientMemory.rawValue: "there was not enough memory"
        case paHostApiNotFound.rawValue, paNotInitialized.rawValue, paInternalError.rawValue:
            "the sound system did not start"
        default: nil
        }
    }
}
