/// The line of every value in a JSON text, by coding path (`sessions[3].date`),
/// so that an error in a hand-edited file can say where to look. Also finds
/// the first syntax error, with its line and column, for a file that is not
/// JSON at all.
///
/// A small recursive-descent scan of RFC 8259: it checks structure, not the
/// contents of strings and numbers (the decoder does that).
struct JSONLocator {
    struct SyntaxError: Error {
        let line: Int
        let column: Int
        let expected: String
    }

    /// Line (from 1) of the first character of each value.
    private(set) var lines: [String: Int] = [:]
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    /// Scans `text`; throws the first syntax error.
    init(_ text: [UInt8]) throws(SyntaxError) {
        bytes = text
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipSpace()
        try value(at: "")
        skipSpace()
        guard offset == bytes.count else { throw error("the end of the file after the top-level value") }
    }

    /// The line of the value at `path`, or of the nearest enclosing value found.
    func line(of path: String) -> Int? {
        var path = path
        while true {
            if let line = lines[path] { return line }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return lines[""] }
            path = String(path[..<cut])
        }
    }

    private mutating func value(at path: String) throws(SyntaxError) {
        lines[path] = line
        guard offset < bytes.count else { throw error("a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try object(at: path)
        case UInt8(ascii: "["): try array(at: path)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): number()
        default: throw error("a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(at path: String) throws(SyntaxError) {
        try nest()
        offset += 1
        skipSpace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            depth -= 1
            return
        }
        while true {
            skipSpace()
            guard peek(UInt8(ascii: "\"")) else { throw error("a key in double quotes") }
            let key = try string()
            skipSpace()
            guard peek(UInt8(ascii: ":")) else { throw error("`:` after the key \"\(key)\"") }
            offset += 1
            skipSpace()
            try value(at: path.isEmpty ? key : path + "." + key)
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            if peek(UInt8(ascii: "}")) {
                offset += 1
                depth -= 1
                return
            }
            throw error("`,` or `}` after the value of \"\(key)\"")
        }
    }

    private mutating func array(at path: String) throws(SyntaxError) {
        try nest()
        offset += 1
        skipSpace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            skipSpace()
            try value(at: path + "[\(index)]")
            index += 1
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            if peek(UInt8(ascii: "]")) {
                offset += 1
                depth -= 1
                return
            }
            throw error("`,` or `]` in the list")
        }
    }

    private mutating func nest() throws(SyntaxError) {
        depth += 1
        guard depth < 512 else { throw error("less deeply nested values") }
    }

    private mutating func string() throws(SyntaxError) -> String {
        offset += 1
        let start = offset
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                let text = String(decoding: bytes[start..<offset], as: UTF8.self)
                offset += 1
                return text
            case UInt8(ascii: "\\"):
                offset += 2
            case 0x0A, 0x0D:
                throw error("`\"` to close the string before the line ends")
            default:
                offset += 1
            }
        }
        throw error("`\"` to close the string")
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw error("a value (strings go in double quotes)")
        }
        offset += expected.count
    }

    private mutating func number() {
        while offset < bytes.count, "+-0123456789.eE".utf8.contains(bytes[offset]) { offset += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool {
        offset < bytes.count && bytes[offset] == byte
    }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x0A:
                line += 1
                lineStart = offset + 1
            case 0x20, 0x09, 0x0D:
                break
            default:
                return
            }
            offset += 1
        }
    }

    private func error(_ expected: String) -> SyntaxError {
        SyntaxError(line: line, column: offset - lineStart + 1, expected: expected)
    }
}
