extension LessonSettings {
    /// The largest seed drawn: 2^53 − 1, so that a seed written in a key or a
    /// progress file survives a reader that holds JSON numbers as doubles.
    public static let largestRandomSeed: UInt64 = UInt64.max >> 11

    /// A new seed for a lesson or a pack, when none was asked for.
    public static func randomSeed() -> UInt64 {
        UInt64.random(in: 0...largestRandomSeed)
    }
}
