/// The order in which the Koch method introduces characters. A learner at
/// level N has the first N characters unlocked; a new learner starts at 2.
public enum KochCourse: String, Sendable, CaseIterable, Codable {
    /// The 26 letters in the classic Koch order.
    case letters
    /// Letters, digits, punctuation and prosigns in LCWO's order, 41 characters.
    case full

    /// The characters of the course, in the order they are introduced.
    public var order: [Symbol] {
        let written: [String]
        switch self {
        case .letters:
            written = "KMRSUAPTLOWINJEFYVGQZHBCDX".map(String.init)
        case .full:
            written = "KMURESNAPTLWI.JZ=FOY,VG5/Q92H38B?47C1D60X".map(String.init)
        }
        return written.compactMap { MorseAlphabet.symbol(for: Character($0)) }
    }

    public static let firstLevel = 2

    /// The highest level: every character of the course unlocked.
    public var lastLevel: Int { order.count }

    /// The levels a learner can be at.
    public var levels: ClosedRange<Int> { Self.firstLevel...lastLevel }

    /// The characters unlocked at a level, in course order.
    public func unlocked(atLevel level: Int) -> [Symbol] {
        Array(order.prefix(min(max(level, Self.firstLevel), lastLevel)))
    }

    /// The character introduced at a level (the newest unlocked one).
    public func newest(atLevel level: Int) -> Symbol {
        unlocked(atLevel: level).last ?? order[0]
    }

    /// The characters a lesson of a level introduces: at the first level both of its
    /// characters are new (K and M), at every later one only the character it adds.
    public func introduced(atLevel level: Int) -> [Symbol] {
        level <= Self.firstLevel ? unlocked(atLevel: Self.firstLevel) : [newest(atLevel: level)]
    }

    /// The character that the next level will add, or nil at the last level.
    public func next(afterLevel level: Int) -> Symbol? {
        level < lastLevel ? order[level] : nil
    }
}
