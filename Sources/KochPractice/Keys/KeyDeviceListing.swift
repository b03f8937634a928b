/// An input device found under `/dev/input` that has some of the keys asked for, or that might
/// have them but could not be opened.
public struct KeyDeviceListing: Sendable, Hashable {
    public enum Access: Sendable, Hashable {
        case readable
        /// Not readable by this user: the input group's.
        case permissionDenied
        case unreadable(reason: String)
    }

    /// `/dev/input/eventN`: the number can change when the device is plugged in again.
    public let path: String
    /// Its name under `/dev/input/by-id`, which stays the same; nil when it has none.
    public let stablePath: String?
    /// The device's name; nil when it could not be opened.
    public let name: String?
    /// Which of the keys asked for it has; empty when it could not be opened.
    public let codes: [UInt16]
    public let access: Access

    public init(path: String, stablePath: String?, name: String?, codes: [UInt16], access: Access) {
        self.path = path
        self.stablePath = stablePath
        self.name = name
        self.codes = codes
        self.access = access
    }
}
