import CSndFile
import Foundation
import KochCore

extension SoundFileTarget {
    /// A 16-bit mono WAV at `sampleRate` opened for writing at `path` (created or emptied), through
    /// libsndfile on a target that keeps the first system error; samples that reach full scale are
    /// clipped rather than wrapped. `name` is the file as messages name it. The target must live as
    /// long as the file.
    static func openWAV(path: String, sampleRate: Int, naming name: String) throws(AudioError) -> (target: SoundFileTarget, file: OpaquePointer) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        guard sf_format_check(&info) != 0 else {
            throw .invalidSetting("libsndfile cannot write a WAV file at \(sampleRate) Hz.")
        }
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: name, reason: SystemErrorText.reason(errno)) }
        let target = SoundFileTarget(fd: fd)
        var io = SoundFileTarget.virtualIO
        guard let file = sf_open_virtual(&io, Int32(SFM_WRITE), &info, target.userData) else {
            throw .cannotWrite(path: name, reason: target.failure.map(SystemErrorText.reason) ?? String(cString: sf_strerror(nil)))
        }
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        return (target, file)
    }
}
