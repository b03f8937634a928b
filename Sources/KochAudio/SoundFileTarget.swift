import CSndFile
import Foundation

/// A file that libsndfile writes through its virtual I/O, so that every
/// failed system call is seen with its `errno`. libsndfile itself lets a
/// failed write at `sf_close` pass (the header's sizes, written last): on a
/// full disk that left a WAV whose header promised no audio, and no error.
final class SoundFileTarget {
    private let fd: Int32
    /// The `errno` of the first call that failed, if one did.
    private(set) var failure: Int32?

    /// Takes over `fd`, a file open for reading and writing; it is closed with the target.
    init(fd: Int32) {
        self.fd = fd
    }

    deinit { close(fd) }

    /// What `sf_open_virtual` calls, with the target as its user data.
    static var virtualIO: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { SoundFileTarget.target($0)?.length() ?? -1 },
            seek: { offset, whence, user in SoundFileTarget.target(user)?.seek(offset, whence: whence) ?? -1 },
            read: { buffer, count, user in SoundFileTarget.target(user)?.read(into: buffer, count: count) ?? 0 },
            write: { buffer, count, user in SoundFileTarget.target(user)?.write(buffer, count: count) ?? 0 },
            tell: { SoundFileTarget.target($0)?.seek(0, whence: SEEK_CUR) ?? -1 })
    }

    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func target(_ userData: UnsafeMutableRawPointer?) -> SoundFileTarget? {
        userData.map { Unmanaged<SoundFileTarget>.fromOpaque($0).takeUnretainedValue() }
    }

    private func failed() -> sf_count_t {
        failure = failure ?? errno
        return -1
    }

    private func length() -> sf_count_t {
        var status = stat()
        return fstat(fd, &status) == 0 ? sf_count_t(status.st_size) : failed()
    }

    private func seek(_ offset: sf_count_t, whence: Int32) -> sf_count_t {
        let position = lseek(fd, off_t(offset), whence)
        return position >= 0 ? sf_count_t(position) : failed()
    }

    private func read(into buffer: UnsafeMutableRawPointer?, count: sf_count_t) -> sf_count_t {
        guard let buffer else { return 0 }
        let done = Glibc.read(fd, buffer, Int(count))
        return done >= 0 ? sf_count_t(done) : max(failed(), 0)
    }

    /// Writes all `count` bytes, or records why not and returns how many were written.
    private func write(_ buffer: UnsafeRawPointer?, count: sf_count_t) -> sf_count_t {
        guard let buffer, failure == nil else { return 0 }
        var done = 0
        while done < Int(count) {
            let written = Glibc.write(fd, buffer + done, Int(count) - done)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                failure = written < 0 ? errno : EIO
                break
            }
            done += written
        }
        return sf_count_t(done)
    }
}
