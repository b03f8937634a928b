import KochCore

/// What a live session says of the keys it reads, so that a straight key is never announced as
/// an iambic keyer: before the session, what the device's keys do (the paddles, the straight
/// key, or either where the device has both or cannot say, as a file or FIFO of its events);
/// during it, the keys the learner has keyed on so far.
public struct KeyingDescription: Sendable, Hashable {
    public enum Keys: Sendable, Hashable {
        case paddles
        case straightKey
        case either
    }

    public let keys: Keys
    public let roles: KeyRoles
    public let mode: IambicMode

    /// What a device with `deviceCodes` (of the roles' codes; nil where it cannot say) can key.
    public init(roles: KeyRoles, mode: IambicMode, deviceCodes: Set<UInt16>?) {
        let paddles = deviceCodes.map { $0.contains(roles.ditCode) || $0.contains(roles.dahCode) } ?? true
        let straightKey = deviceCodes?.contains(roles.straightKeyCode) ?? true
        keys = paddles == straightKey ? .either : paddles ? .paddles : .straightKey
        self.roles = roles
        self.mode = mode
    }

    /// The keys keyed so far; nil before any.
    public init?(roles: KeyRoles, mode: IambicMode, keyedPaddles: Bool, keyedStraightKey: Bool) {
        guard keyedPaddles || keyedStraightKey else { return nil }
        keys = keyedPaddles && keyedStraightKey ? .either : keyedPaddles ? .paddles : .straightKey
        self.roles = roles
        self.mode = mode
    }

    /// For the line before the session: `the paddles (KEY_LEFTCTRL dit, KEY_RIGHTCTRL dah) through
    /// the iambic keyer, mode B`, `a straight key (KEY_SPACE), timed by you`, or both joined by "or".
    public var text: String {
        let paddles =
            "the paddles (\(KeyCodeNames.label(of: roles.ditCode)) dit, \(KeyCodeNames.label(of: roles.dahCode)) dah) through the iambic keyer, mode \(mode.rawValue.uppercased())"
        let straightKey = "a straight key (\(KeyCodeNames.label(of: roles.straightKeyCode))), timed by you"
        switch keys {
        case .paddles: return paddles
        case .straightKey: return straightKey
        case .either: return paddles + ", or " + straightKey
        }
    }

    /// For the screen's first line, once keyed: `on the straight key`.
    public var keyedOn: String {
        switch keys {
        case .paddles: "on the paddles (iambic, mode \(mode.rawValue.uppercased()))"
        case .straightKey: "on the straight key"
        case .either: "on the paddles and the straight key"
        }
    }
}
