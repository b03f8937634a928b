import Foundation

/// A program run on a new pseudo-terminal, as a learner runs it in a terminal: its standard input,
/// output and error are the terminal, which is its controlling terminal in a session of its own.
/// The test types at chosen moments and reads everything the program printed (with the terminal's
/// own echo and escape codes, as a terminal would receive them).
///
/// The child is started with `posix_spawn`: Foundation's `Process` cannot make a new session, and
/// without one the terminal is not the child's controlling terminal. glibc's `POSIX_SPAWN_SETSID`
/// makes the session before the file actions run, so opening the terminal's device (without
/// `O_NOCTTY`) as standard input makes it the controlling terminal, as `TIOCSCTTY` would.
public enum PseudoTerminal {
    /// Bytes to type, and when.
    public struct Typing: Sendable {
        public enum Moment: Sendable {
            /// Seconds after the program started.
            case afterSeconds(Double)
            /// Once the program has printed `text` since the typing before this one.
            case onceOutputContains(String)
            /// Seconds after the last `onceOutputContains` was typed (after the start, before any):
            /// times counted from a moment the program announced, as a session's start.
            case secondsAfterMatch(Double)
        }

        public let moment: Moment
        public let bytes: [UInt8]
        /// Done at the moment, before the bytes are typed: a key device fed as the program asks for it.
        public let action: (@Sendable () -> Void)?

        public init(_ moment: Moment, _ text: String) {
            self.moment = moment
            bytes = Array(text.utf8)
            action = nil
        }

        public init(_ moment: Moment, bytes: [UInt8]) {
            self.moment = moment
            self.bytes = bytes
            action = nil
        }

        public init(_ moment: Moment, action: @escaping @Sendable () -> Void) {
            self.moment = moment
            bytes = []
            self.action = action
        }
    }

    /// What the program printed and how it ended.
    public struct Run: Sendable {
        public let output: String
        /// The exit status; for a program ended by a signal, 128 plus the signal's number.
        public let status: Int32
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `executable` with `arguments` and `environment` (its whole environment) on a new pseudo-terminal of the given
    /// size, types `typing` in order, and waits for it to end; after `timeoutSeconds` it is
    /// killed and `Failure` says what it had printed. Throws `Failure` when it cannot start.
    public static func run(
        _ executable: String, arguments: [String] = [], environment: [String: String] = [:], typing: [Typing] = [],
        columns: UInt16 = 80, lines: UInt16 = 24, timeoutSeconds: Double = 30
    ) throws -> Run {
        let terminal = try PseudoTerminalPair(columns: columns, lines: lines)
        let pid = try spawn(executable, arguments: arguments, environment: environment, terminalPath: terminal.path)
        terminal.closeSecondary()
        let started = Date()
        var output: [UInt8] = []
        var sinceTyping = 0
        var pending = typing[...]
        var status: Int32?
        var matchedSeconds = 0.0
        while true {
            let elapsed = Date().timeIntervalSince(started)
            if let next = pending.first,
                isDue(next.moment, elapsed: elapsed, sinceMatch: elapsed - matchedSeconds, output: output[sinceTyping...])
            {
                next.action?()
                if !next.bytes.isEmpty { terminal.write(next.bytes) }
                pending.removeFirst()
                sinceTyping = output.count
                if case .onceOutputContains = next.moment { matchedSeconds = elapsed }
                continue
            }
            if elapsed > timeoutSeconds {
                kill(pid, SIGKILL)
                _ = waitStatus(pid, blocking: true)
                throw Failure(
                    description: "\(executable) did not end within \(timeoutSeconds) s; it printed:\n\(String(decoding: output, as: UTF8.self))")
            }
            let (bytes, isClosed) = terminal.read(timeoutSeconds: 0.02)
            output += bytes
            if status == nil { status = waitStatus(pid, blocking: false) }
            // The program has ended and everything it printed has been read.
            if let status, isClosed || bytes.isEmpty { return Run(output: String(decoding: output, as: UTF8.self), status: status) }
        }
    }

    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26), which Swift's Glibc module leaves out (it is
    /// declared only for `_GNU_SOURCE`).
    private static let spawnSetsid: Int16 = 0x80

    private static func isDue(_ moment: Typing.Moment, elapsed: Double, sinceMatch: Double, output: ArraySlice<UInt8>) -> Bool {
        switch moment {
        case let .afterSeconds(seconds): elapsed >= seconds
        case let .secondsAfterMatch(seconds): sinceMatch >= seconds
        case let .onceOutputContains(text): String(decoding: output, as: UTF8.self).contains(text)
        }
    }

    private static func spawn(_ executable: String, arguments: [String], environment: [String: String], terminalPath: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked and every signal at its default action, whatever
        // the thread that starts it blocks or a test installed.
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Self.spawnSetsid | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))") }
        return pid
    }

    /// The exit status of `pid` once it has ended (128 + the signal for a signal); nil while it runs.
    private static func waitStatus(_ pid: pid_t, blocking: Bool) -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, blocking ? 0 : WNOHANG) == pid else { return nil }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
