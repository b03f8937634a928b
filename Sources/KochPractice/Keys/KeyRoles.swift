import KochCore

/// Which key of a device is the dit paddle, the dah paddle and the straight key: from
/// `--paddle-keys dit,dah[,key]` (`PaddleLog.KeyMapping`, as `koch keyer` reads it). By default
/// left and right Ctrl are the paddles, as common USB paddle adapters send, and the space bar is
/// the straight key.
public struct KeyRoles: Sendable, Hashable {
    /// A key name libevdev does not know, or one key given two roles.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
    }

    public static let defaultStraightKeyName = "KEY_SPACE"

    public let ditCode: UInt16
    public let dahCode: UInt16
    public let straightKeyCode: UInt16

    public init(mapping: PaddleLog.KeyMapping = .usual) throws(Refusal) {
        let names = [mapping.dit, mapping.dah, mapping.straightKey ?? Self.defaultStraightKeyName]
        var codes: [UInt16] = []
        for name in names {
            guard let code = KeyCodeNames.code(of: name) else {
                throw Refusal(description: "\(name) is not a key name; use names as evtest prints them, e.g. KEY_LEFTCTRL, KEY_LEFTBRACE, KEY_SPACE.")
            }
            guard !codes.contains(code) else {
                throw Refusal(
                    description:
                        "\(name) is given two roles; the dit paddle, the dah paddle and the straight key (\(Self.defaultStraightKeyName) unless a third key is named) need three different keys."
                )
            }
            codes.append(code)
        }
        (ditCode, dahCode, straightKeyCode) = (codes[0], codes[1], codes[2])
    }

    /// The three codes: dit, dah, straight key.
    public var codes: [UInt16] { [ditCode, dahCode, straightKeyCode] }

    /// What a key is; nil for a key with no role.
    public func input(for code: UInt16) -> PaddleEvent.Input? {
        switch code {
        case ditCode: .paddle(.dit)
        case dahCode: .paddle(.dah)
        case straightKeyCode: .straightKey
        default: nil
        }
    }
}
