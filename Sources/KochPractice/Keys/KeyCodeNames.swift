import CEvdev

/// Linux key names (`KEY_LEFTCTRL`, `BTN_LEFT`, as evtest prints them) and their codes, from
/// libevdev's tables.
public enum KeyCodeNames {
    /// The code of a key name, in any case; nil for a name libevdev does not know.
    public static func code(of name: String) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(EV_KEY), name.uppercased())
        return code >= 0 ? UInt16(code) : nil
    }

    /// The name of a key code; nil for a code with no name.
    public static func name(of code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(code)).map { String(cString: $0) }
    }

    /// The name when there is one, else the number.
    public static func label(of code: UInt16) -> String { name(of: code) ?? "key \(code)" }
}
