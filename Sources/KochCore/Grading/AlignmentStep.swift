/// One step of an alignment of copy against what was sent. Indices count
/// characters of the whole lesson and marks of the whole transcript, from 0.
public enum AlignmentStep: Sendable, Hashable {
    /// The character was copied right.
    case match(sent: Int, received: Int)
    /// Something else was written in its place: another character, or a
    /// not-copied sign.
    case substitution(sent: Int, received: Int)
    /// Nothing was written for the character.
    case missed(sent: Int)
    /// A mark that stands for nothing that was sent.
    case inserted(received: Int)

    /// The sent character this step accounts for, if any.
    public var sentIndex: Int? {
        switch self {
        case let .match(sent, _), let .substitution(sent, _), let .missed(sent): return sent
        case .inserted: return nil
        }
    }

    /// The transcript mark this step accounts for, if any.
    public var receivedIndex: Int? {
        switch self {
        case let .match(_, received), let .substitution(_, received), let .inserted(received): return received
        case .missed: return nil
        }
    }
}
