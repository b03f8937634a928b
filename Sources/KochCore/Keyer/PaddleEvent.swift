/// One event of a paddle or straight-key log: at a time, a paddle or the
/// straight key goes down or up, or the keyer's speed changes.
public struct PaddleEvent: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        case down(Input)
        case up(Input)
        /// The keyer's speed from the next element on (`SetWpm`).
        case wpm(Double)
    }

    /// What was pressed: a paddle of an iambic key, or a straight key.
    public enum Input: Sendable, Hashable {
        case paddle(Paddle)
        case straightKey
    }

    public let seconds: Double
    public let action: Action
    /// The line of the log it was read from, for messages.
    public let line: Int

    public init(seconds: Double, action: Action, line: Int = 0) {
        self.seconds = seconds
        self.action = action
        self.line = line
    }
}
