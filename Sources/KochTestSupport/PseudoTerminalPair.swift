import Foundation

/// A pseudo-terminal: the primary side a test reads and writes, the secondary side's device path
/// (and descriptor) a program or `TerminalInput` uses as its terminal.
public final class PseudoTerminalPair {
    public let primary: Int32
    public private(set) var secondary: Int32
    public let path: String

    public init(columns: UInt16 = 80, lines: UInt16 = 24) throws {
        let functions = try PseudoTerminalFunctions()
        primary = functions.open(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard primary >= 0, functions.grant(primary) == 0, functions.unlock(primary) == 0 else {
            throw PseudoTerminal.Failure(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var name = [CChar](repeating: 0, count: 128)
        guard functions.name(primary, &name, name.count) == 0 else {
            throw PseudoTerminal.Failure(description: "cannot name the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var size = winsize(ws_row: lines, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
        // Held open so that the terminal stays up until the program has it.
        secondary = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    }

    deinit {
        closeSecondary()
        Foundation.close(primary)
    }

    public func closeSecondary() {
        guard secondary >= 0 else { return }
        Foundation.close(secondary)
        secondary = -1
    }

    /// Types `bytes` at the terminal.
    public func write(_ bytes: [UInt8]) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { Foundation.write(primary, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            rest = rest.dropFirst(count)
        }
    }

    /// What the terminal's side printed within `timeoutSeconds`, and whether every program on the
    /// secondary side has closed it.
    public func read(timeoutSeconds: Double) -> (bytes: [UInt8], isClosed: Bool) {
        var request = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(timeoutSeconds * 1000)) > 0 else { return ([], false) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Foundation.read(primary, $0.baseAddress, $0.count) }
        // Linux answers EIO once the secondary side is closed everywhere.
        return count > 0 ? (Array(buffer[0..<count]), false) : ([], true)
    }
}

/// The C library's pseudo-terminal functions, looked up when first needed: Swift's Glibc module
/// leaves them out (they are declared only for `_XOPEN_SOURCE`), though every glibc has them.
private struct PseudoTerminalFunctions {
    let open: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    init() throws {
        let library = dlopen(nil, RTLD_NOW)
        func function<Function>(_ symbol: String, as type: Function.Type) throws -> Function {
            guard let address = dlsym(library, symbol) else {
                throw PseudoTerminal.Failure(description: "the C library has no \(symbol)")
            }
            return unsafeBitCast(address, to: type)
        }
        open = try function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        grant = try function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        unlock = try function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        name = try function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)
    }
}
