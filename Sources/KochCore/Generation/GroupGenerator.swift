/// Random code groups for Koch practice: groups of 2 to 5 of the unlocked
/// characters, drawn with weights, so that the newest character (and later
/// the learner's weak ones) come up more often than the rest.
public struct GroupGenerator: Sendable {
    public let characters: [Symbol]
    /// Relative weight of each character, in the order of `characters`.
    public let weights: [Double]
    public let groupLengths: ClosedRange<Int>

    public init(characters: [Symbol], weights: [Double], groupLengths: ClosedRange<Int> = 2...5) {
        precondition(characters.count == weights.count && !characters.isEmpty)
        self.characters = characters
        self.weights = weights
        self.groupLengths = groupLengths
    }

    /// The Koch weighting: every character weighs 1 and the newest weighs
    /// enough to make at least a quarter of all characters (twice any
    /// other at the first levels, as the G4FON trainer and LCWO do).
    /// `extraWeight` adds to a character's weight (weak characters).
    public init(characters: [Symbol], newest: Symbol?, extraWeight: [String: Double] = [:]) {
        let others = Double(max(characters.count - 1, 1))
        let newestWeight = max(2, others / 3)
        let weights = characters.map { symbol in
            (symbol == newest ? newestWeight : 1) + (extraWeight[symbol.text] ?? 0)
        }
        self.init(characters: characters, weights: weights)
    }

    /// The Koch weighting at a level of a course.
    public init(course: KochCourse, level: Int, extraWeight: [String: Double] = [:]) {
        self.init(characters: course.unlocked(atLevel: level), newest: course.newest(atLevel: level), extraWeight: extraWeight)
    }

    public func group(using generator: inout SeededGenerator) -> [Symbol] {
        let length = generator.nextInt(in: groupLengths)
        return (0..<length).map { _ in pick(using: &generator) }
    }

    func pick(using generator: inout SeededGenerator) -> Symbol {
        characters[generator.nextIndex(weightedBy: weights)]
    }

    /// Groups until the text lasts `targetSeconds` at `timing`, ending on a
    /// whole group: the last one is drawn at whichever length lands closest
    /// (see `KeyedDuration.fill`).
    public func groups(lastingSeconds targetSeconds: Double, timing: Timing, using generator: inout SeededGenerator) -> [[Symbol]] {
        KeyedDuration.fill(
            lastingSeconds: targetSeconds, timing: timing, using: &generator,
            draw: { generator, _ in group(using: &generator) },
            alternatives: { generator, _ in
                groupLengths.map { length in (0..<length).map { _ in pick(using: &generator) } }
            })
    }
}
