/// One keyed element of Morse code.
public enum Element: Character, Sendable, Hashable, Codable {
    case dit = "."
    case dah = "-"

    /// Length in units: a dit is one unit, a dah three (PARIS timing).
    public var units: Int {
        switch self {
        case .dit: 1
        case .dah: 3
        }
    }
}

/// A silence between elements, named by what it separates.
public enum Gap: String, Sendable, Hashable, Codable {
    /// Between the elements of one character: one unit at the character speed.
    case intraCharacter
    /// Between two characters: three units, stretched by Farnsworth spacing.
    case character
    /// Between two words or groups: seven units, stretched by Farnsworth spacing.
    case word
}
