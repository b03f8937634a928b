/// Which skill a lesson trains. Each direction has its own level,
/// statistics and schedule.
public enum Direction: String, Sendable, Hashable, Codable, CaseIterable {
    /// Copying what is heard.
    case receive
    /// Keying what is read.
    case send
}
