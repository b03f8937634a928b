import CSndFile
import Foundation
import KochCore

/// A mono 16-bit PCM WAV file written through libsndfile as its samples come (what the microphone
/// hears in live practice), so that none of them is held in memory until the end.
///
/// libsndfile brings the header up to date after every append, so the file on disk is a whole
/// WAV of everything appended so far even if the process ends before `close()`. A failure is
/// kept and thrown by the append that met it and by every call after; the file then holds what
/// was written before it.
public final class WAVStream {
    public let path: String
    public let sampleRate: Int
    /// The name messages give the file: its final name when it is written under a temporary one.
    private let name: String
    private let target: SoundFileTarget
    private var file: OpaquePointer?
    private var failure: AudioError?
    /// How many samples have been appended.
    public private(set) var frameCount = 0

    /// Creates (or empties) `path` and writes a WAV header for `sampleRate`.
    public init(path: String, sampleRate: Int, naming name: String? = nil) throws(AudioError) {
        self.path = path
        self.sampleRate = sampleRate
        self.name = name ?? path
        let (target, opened) = try SoundFileTarget.openWAV(path: path, sampleRate: sampleRate, naming: self.name)
        self.target = target
        file = opened
        // A header true after every append, so that the file reads whole wherever the writing stops.
        sf_command(opened, Int32(SFC_SET_UPDATE_HEADER_AUTO), nil, Int32(SF_TRUE))
    }

    deinit {
        if let file { sf_close(file) }
    }

    /// Appends `samples` (full scale ±1) to the file.
    public func append(_ samples: UnsafeBufferPointer<Float>) throws(AudioError) {
        if let failure { throw failure }
        guard let file else { throw .cannotWrite(path: name, reason: "it was already closed") }
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        let written = sf_write_float(file, base, sf_count_t(samples.count))
        if let system = target.failure {
            failure = .cannotWrite(path: name, reason: SystemErrorText.reason(system))
        } else if written != sf_count_t(samples.count) {
            failure = .cannotWrite(path: name, reason: String(cString: sf_strerror(file)))
        }
        if let failure { throw failure }
        frameCount += samples.count
    }

    /// Finishes the file; throws what went wrong with it, at any append or now.
    public func close() throws(AudioError) {
        guard let file else {
            if let failure { throw failure }
            return
        }
        self.file = nil
        let closeResult = sf_close(file)
        // A system call that failed, even one libsndfile passed over, is the reason.
        if let system = target.failure, failure == nil { failure = .cannotWrite(path: name, reason: SystemErrorText.reason(system)) }
        if closeResult != 0, failure == nil { failure = .cannotWrite(path: name, reason: String(cString: sf_error_number(closeResult))) }
        if let failure { throw failure }
    }
}
