import Foundation

/// What the terminal must get back if the process is ended by a signal while practising: the
/// settings raw mode replaced, and a visible cursor.
///
/// A signal handler can reach only globals and must call only async-signal-safe functions, so the
/// saved settings live here, written before the handler is installed, and the handler restores them
/// with `tcsetattr` and `write`, then ends the process as the signal would have (its default action,
/// raised again). A process ending through `exit()`, which runs no `deinit`, restores them too.
enum TerminalRestoration {
    private nonisolated(unsafe) static var savedSettings = termios()
    private nonisolated(unsafe) static var savedDescriptor: Int32 = -1
    private nonisolated(unsafe) static var cursorHiddenDescriptor: Int32 = -1
    private nonisolated(unsafe) static var isInstalled = false
    private static let lock = NSLock()
    static let signals = [SIGTERM, SIGHUP, SIGINT]

    /// Remembers `settings` of the terminal on `descriptor`, to restore should a signal end the process.
    static func saveSettings(_ settings: termios, descriptor: Int32) {
        lock.withLock {
            savedSettings = settings
            savedDescriptor = descriptor
            installHandlers()
        }
    }

    static func forgetSettings() {
        lock.withLock { savedDescriptor = -1 }
    }

    /// Remembers that the cursor is hidden on the terminal on `descriptor` (-1: shown again).
    static func cursorHidden(onDescriptor descriptor: Int32) {
        lock.withLock {
            cursorHiddenDescriptor = descriptor
            if descriptor >= 0 { installHandlers() }
        }
    }

    private static func installHandlers() {
        guard !isInstalled else { return }
        isInstalled = true
        // `exit()` runs no deinit: the terminal is given back on the way out all the same.
        atexit { TerminalRestoration.restoreForSignal() }
        for number in signals {
            signal(number) { received in
                TerminalRestoration.restoreForSignal()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Async-signal-safe: no allocation, no locks. Does nothing once `close()` has restored the terminal.
    private static func restoreForSignal() {
        if savedDescriptor >= 0 { _ = tcsetattr(savedDescriptor, TCSANOW, &savedSettings) }
        if cursorHiddenDescriptor >= 0 {
            let show: StaticString = "\u{1B}[?25h"
            _ = write(cursorHiddenDescriptor, show.utf8Start, show.utf8CodeUnitCount)
        }
    }
}
