/// Bytes read from a terminal, cut into keys: UTF-8 characters, the control keys practice uses,
/// and escape sequences (`ESC [ … final`, `ESC O x`, `ESC x`) taken whole as `.other`, so that an
/// arrow is one key and not `[` and `A` typed.
struct TerminalKeyDecoder: Sendable {
    private var bytes: [UInt8] = []

    mutating func append(_ more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Whether the bytes held begin a key whose rest has not come yet.
    var needsMoreBytes: Bool { !bytes.isEmpty && parse(isComplete: false) == nil }

    /// The next key and removes its bytes; nil when none is held or, unless `isComplete`, when the
    /// bytes held end before the key does. With `isComplete`, a key cut short is `.other`.
    mutating func nextKey(isComplete: Bool) -> TerminalKey? {
        guard let (key, length) = parse(isComplete: isComplete) else { return nil }
        bytes.removeFirst(length)
        return key
    }

    private func parse(isComplete: Bool) -> (TerminalKey, Int)? {
        guard let first = bytes.first else { return nil }
        let cutShort: (TerminalKey, Int)? = isComplete ? (.other, bytes.count) : nil
        switch first {
        case 0x1B: return escapeSequence(isComplete: isComplete)
        case 3: return (.interrupt, 1)
        case 4: return (.endOfInput, 1)
        case 8, 127: return (.backspace, 1)
        case 10, 13: return (.enter, 1)
        case 32: return (.space, 1)
        case 0..<32: return (.other, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            guard let length = Self.utf8Length(lead: first) else { return (.other, 1) }
            guard bytes.count >= length else { return cutShort }
            guard let text = String(validating: bytes[0..<length], as: UTF8.self), let character = text.first else {
                return (.other, 1)
            }
            return (.character(character), length)
        }
    }

    private func escapeSequence(isComplete: Bool) -> (TerminalKey, Int)? {
        let cutShort: (TerminalKey, Int)? = isComplete ? (.other, bytes.count) : nil
        guard bytes.count > 1 else { return cutShort }
        switch bytes[1] {
        case UInt8(ascii: "["):
            // Control Sequence Introducer: parameters, then one final byte from `@` to `~`.
            guard let final = bytes.dropFirst(2).firstIndex(where: { (0x40...0x7E).contains($0) }) else { return cutShort }
            return (.other, final + 1)
        case UInt8(ascii: "O"):
            return bytes.count >= 3 ? (.other, 3) : cutShort
        case 0x1B:
            return (.other, 1)
        default:
            return (.other, 2)
        }
    }

    private static func utf8Length(lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }
}
