import KochCore

/// The terminal could not be set up for live practice.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    /// What was being done, as a sentence's start ("Cannot read the terminal's settings").
    public let action: String
    public let errno: Int32

    public init(action: String, errno: Int32) {
        self.action = action
        self.errno = errno
    }

    public var description: String {
        "\(action): \(SystemErrorText.reason(errno)). Run koch practice in a terminal."
    }
}
