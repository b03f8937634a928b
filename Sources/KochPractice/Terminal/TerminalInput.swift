import Foundation

/// The keys a learner presses during live practice, each as it is pressed.
///
/// On a terminal the input is put in raw mode (no line editing, no echo, and no signals from the
/// keyboard, so that Ctrl-C arrives as `.interrupt` and the session decides what stopping means);
/// the terminal's settings come back on `close()`, when the input is released, and if a signal
/// (SIGTERM, SIGHUP, SIGINT) ends the process. Anything else (a pipe, a file) is read as its bytes
/// come, untouched.
public final class TerminalInput {
    /// Whether the input is a terminal (and so in raw mode until closed).
    public let isTerminal: Bool
    private let descriptor: Int32
    private var savedSettings: termios?
    private var decoder = TerminalKeyDecoder()
    private var isAtEnd = false
    /// How long the rest of an escape sequence or a UTF-8 character may take to arrive.
    private static let followingByteSeconds = 0.05

    /// Reads keys from `descriptor` (standard input by default), in raw mode when it is a terminal.
    public init(descriptor: Int32 = STDIN_FILENO) throws(TerminalError) {
        self.descriptor = descriptor
        isTerminal = isatty(descriptor) == 1
        guard isTerminal else { return }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { throw TerminalError(action: "Cannot read the terminal's settings", errno: errno) }
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 0
            controls[Int(VTIME)] = 0
        }
        TerminalRestoration.saveSettings(settings, descriptor: descriptor)
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
            TerminalRestoration.forgetSettings()
            throw TerminalError(action: "Cannot put the terminal in raw mode", errno: errno)
        }
        savedSettings = settings
    }

    deinit { close() }

    /// Gives the terminal its settings back; reading on after it reads lines again, echoed.
    public func close() {
        guard var settings = savedSettings else { return }
        _ = tcsetattr(descriptor, TCSANOW, &settings)
        savedSettings = nil
        TerminalRestoration.forgetSettings()
    }

    /// The next key pressed, waiting at most `timeoutSeconds`; nil when none came in that time.
    public func next(timeoutSeconds: Double) -> TerminalKey? {
        if let key = decoder.nextKey(isComplete: false) { return key }
        if isAtEnd { return decoder.nextKey(isComplete: true) ?? .endOfInput }
        guard readAvailable(timeoutSeconds: timeoutSeconds) else { return nil }
        // A key's first bytes may come without the rest: wait a moment for them.
        while decoder.needsMoreBytes, !isAtEnd, readAvailable(timeoutSeconds: Self.followingByteSeconds) {}
        return decoder.nextKey(isComplete: true) ?? (isAtEnd ? .endOfInput : nil)
    }

    /// Waits for bytes and adds them to the decoder; false when none came (at the end, true).
    private func readAvailable(timeoutSeconds: Double) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(timeoutSeconds * 1000, Double(Int32.max))).rounded(.up))
        let ready = poll(&request, 1, milliseconds)
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            decoder.append(buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            isAtEnd = true
        }
        return true
    }
}
