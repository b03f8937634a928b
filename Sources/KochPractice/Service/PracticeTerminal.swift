import Foundation

/// The terminal a session reads keys from and draws on while it runs: the process's own by
/// default; a front end or a test hands in others (a pseudo-terminal, a pipe).
public struct PracticeTerminal: Sendable {
    /// Where the keys come from.
    public var inputDescriptor: Int32
    /// Where the session's screen is drawn.
    public var screenDescriptor: Int32

    public init(inputDescriptor: Int32 = STDIN_FILENO, screenDescriptor: Int32 = STDOUT_FILENO) {
        self.inputDescriptor = inputDescriptor
        self.screenDescriptor = screenDescriptor
    }

    /// Standard input and output.
    public static let standard = PracticeTerminal()

    func screen() -> TerminalScreen { TerminalScreen(descriptor: screenDescriptor) }
}
