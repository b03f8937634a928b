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

/// Iambic mode, Curtis A or B (`IambicMode ::= modeA | modeB`): what happens when both
/// paddles of a squeeze are let go while an element sounds. Either way the element completes.
public enum IambicMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The keyer stops after the element (a paddle pressed during it still plays: paddle memory).
    case a
    /// The keyer adds the alternate element the squeeze left in memory (the default).
    case b
}
