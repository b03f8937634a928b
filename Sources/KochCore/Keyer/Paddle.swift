/// The two paddles of an iambic key (Z specification, `Paddle ::= dit | dah`):
/// by convention dit under the thumb, dah under the index finger.
public enum Paddle: String, Sendable, Hashable, Codable, CaseIterable {
    case dit
    case dah

    /// The element the paddle makes.
    public var element: Element { self == .dit ? .dit : .dah }

    /// The other paddle.
    public var opposite: Paddle { self == .dit ? .dah : .dit }
}

/// Iambic mode (`IambicMode ::= modeA | modeB`): what happens when both
/// paddles are let go while an element sounds.
public enum IambicMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The element stops at once (`TruncateElement`).
    case a
    /// The element completes (the specification's default).
    case b
}
