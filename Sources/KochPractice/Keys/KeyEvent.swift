/// A key of an input device going down or up (a keyboard's auto-repeat is left out).
public struct KeyEvent: Sendable, Hashable {
    /// When, on the monotonic clock (`MonotonicClock`).
    public let seconds: Double
    /// The Linux key code (`KEY_LEFTCTRL` 29); `KeyCodeNames` names it.
    public let code: UInt16
    public let isDown: Bool

    public init(seconds: Double, code: UInt16, isDown: Bool) {
        self.seconds = seconds
        self.code = code
        self.isDown = isDown
    }
}
