import CEvdev
import Foundation
import KochAudio

extension KeyDevice {
    struct Opened {
        let descriptor: Int32
        let name: String?
        /// Of the codes asked for, those the device has; nil for a file or FIFO.
        let codes: Set<UInt16>?
        let kind: Kind
        let stamping: Stamping
    }

    /// Opens a device, file or FIFO for reading without blocking, and finds how to time its records.
    static func open(_ path: String, codes: [UInt16]) throws(KeyDeviceError) -> Opened {
        var info = stat()
        guard stat(path, &info) == 0 else { throw openError(path, errno) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFIFO || kind == S_IFCHR else { throw .notAKeyDevice(path) }
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(path, errno) }
        if kind == S_IFREG, info.st_size % Int(InputRecord.size) != 0 {
            close(descriptor)
            throw .notInputEvents(path, reason: "its \(info.st_size) bytes are not a whole number of \(InputRecord.size)-byte records")
        }
        switch kind {
        case S_IFREG:
            return Opened(descriptor: descriptor, name: nil, codes: nil, kind: .file, stamping: .replay(openedSeconds: MonotonicClock.seconds()))
        case S_IFIFO: return Opened(descriptor: descriptor, name: nil, codes: nil, kind: .fifo, stamping: .monotonicOrReceipt)
        default:
            do {
                let (name, has, stamping) = try evdevDevice(descriptor, path: path, codes: codes)
                return Opened(descriptor: descriptor, name: name, codes: has, kind: .inputDevice, stamping: stamping)
            } catch {
                close(descriptor)
                throw error
            }
        }
    }

    private static func openError(_ path: String, _ code: Int32) -> KeyDeviceError {
        switch code {
        case ENOENT, ENOTDIR: .notFound(path)
        case EACCES, EPERM: .permissionDenied(path)
        default: .readFailed(path, reason: String(cString: strerror(code)))
        }
    }

    /// A character device libevdev reads as an input device: its name, which of `codes` it has,
    /// its clock set to the monotonic clock where it can be.
    private static func evdevDevice(_ descriptor: Int32, path: String, codes: [UInt16]) throws(KeyDeviceError) -> (
        String?, Set<UInt16>, Stamping
    ) {
        var device: OpaquePointer?
        guard libevdev_new_from_fd(descriptor, &device) == 0, let device else { throw .notAKeyDevice(path) }
        defer { libevdev_free(device) }
        let has = Set(codes.filter { libevdev_has_event_code(device, UInt32(EV_KEY), UInt32($0)) == 1 })
        guard codes.isEmpty || !has.isEmpty else { throw .notAKeyDevice(path) }
        let name = libevdev_get_name(device).map { String(cString: $0) }
        let stamping: Stamping = libevdev_set_clock_id(device, CLOCK_MONOTONIC) == 0 ? .recordTime : .onReceipt
        return (name, has, stamping)
    }
}
