/// Why a key device cannot be read; each message names the path and says what to do.
public enum KeyDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case permissionDenied(String)
    /// A folder, a device that is no input device, or one with none of the keys asked for.
    case notAKeyDevice(String)
    /// The writer of a FIFO closed it, a file came to its end, or the device was unplugged.
    case ended(String)
    case readFailed(String, reason: String)
    /// A file or FIFO whose bytes are not the kernel's `input_event` records (`reason` says how).
    case notInputEvents(String, reason: String)

    /// How a user gets to read input devices without root.
    public static let inputGroupAdvice =
        "add yourself to the input group: sudo usermod -aG input $USER, then log out and in"

    public var path: String {
        switch self {
        case let .notFound(path), let .permissionDenied(path), let .notAKeyDevice(path), let .ended(path), let .readFailed(path, _),
            let .notInputEvents(path, _):
            path
        }
    }

    public var description: String {
        switch self {
        case let .notFound(path):
            "\(path): no such key device; list the devices that have the keys by leaving out --key-device (stable names are under /dev/input/by-id)."
        case let .permissionDenied(path):
            "\(path): permission denied; input devices are readable by the input group: \(Self.inputGroupAdvice)."
        case let .notAKeyDevice(path):
            "\(path): not a key device (an input device with the keys, or a file or FIFO of its input_event records)."
        case let .ended(path):
            "\(path): the key device ended (unplugged, or its writer closed it)."
        case let .readFailed(path, reason):
            "\(path): the key device cannot be read: \(reason)."
        case let .notInputEvents(path, reason):
            "\(path) holds no input events: \(reason). --key-device takes an input device (/dev/input/event*), or a file or FIFO of its 24-byte input_event records."
        }
    }
}
