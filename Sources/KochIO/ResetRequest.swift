import KochCore

/// What a front end asks of a reset (`koch reset`): start over in a direction (nil: both), once
/// the learner has confirmed it. Unconfirmed, nothing is changed and the outcome says what the
/// reset would take out; confirmed, the file as it was is kept beside it first
/// (`ProgressStore.reset(_:on:)` names the copy).
public struct ResetRequest: Sendable, Hashable {
    /// The direction to start over in; nil for both.
    public var direction: Direction?
    /// Whether the learner confirmed the reset.
    public var confirmed = false

    public init(direction: Direction? = nil, confirmed: Bool = false) {
        self.direction = direction
        self.confirmed = confirmed
    }

    /// What the reset did, or why it did nothing.
    public enum Outcome: Sendable {
        /// No session recorded (or no file): nothing to reset.
        case nothingRecorded
        /// Sessions recorded, but none in the direction asked for.
        case nothingInDirection
        /// Not confirmed: what the reset would take out; nothing was changed.
        case unconfirmed(ResetPreview.Removal)
        /// Done: what was taken out, and the copy of the file as it was.
        case reset(ResetPreview.Removal, ProgressStore.Reset)
        /// The file went between the look and the reset: nothing to reset.
        case goneBeforeReset
    }

    /// Looks at what `store` holds and, if confirmed, resets it with a copy dated `day()` (asked
    /// only then). A file that cannot be read throws, and is left alone.
    public func run(on store: ProgressStore, day: () throws -> CalendarDay) throws -> Outcome {
        let removal: ResetPreview.Removal
        switch try store.resetPreview(direction) {
        case .nothingRecorded: return .nothingRecorded
        case .nothingInDirection: return .nothingInDirection
        case .removes(let found): removal = found
        }
        guard confirmed else { return .unconfirmed(removal) }
        guard let reset = try store.reset(direction, on: try day()) else { return .goneBeforeReset }
        return .reset(removal, reset)
    }
}
