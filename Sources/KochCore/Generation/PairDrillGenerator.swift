/// Groups for a drill of confused pairs: each group holds both characters of one pair (drawn by
/// the pairs' weights), in random order at random places, and the rest of the group is drawn from
/// the level's characters as a level lesson draws them (`GroupGenerator`), so that either of the
/// pair may come up twice. Setting the two against each other in one group makes the learner
/// tell them apart, rather than meet each on its own.
public struct PairDrillGenerator: Sendable {
    /// The level's characters and their weights, for the rest of each group.
    public let level: GroupGenerator
    public let pairs: [[Symbol]]
    public let weights: [Double]

    /// `pairs`: each two different symbols with a positive weight; at least one.
    public init(level: GroupGenerator, pairs: [(pair: [Symbol], weight: Double)]) {
        precondition(!pairs.isEmpty && pairs.allSatisfy { $0.pair.count == 2 && $0.weight > 0 })
        precondition(level.groupLengths.lowerBound >= 2)
        self.level = level
        self.pairs = pairs.map(\.pair)
        self.weights = pairs.map(\.weight)
    }

    public func group(using generator: inout SeededGenerator) -> [Symbol] {
        group(length: generator.nextInt(in: level.groupLengths), using: &generator)
    }

    func group(length: Int, using generator: inout SeededGenerator) -> [Symbol] {
        var group = (0..<length).map { _ in level.pick(using: &generator) }
        let pair = pickPair(using: &generator)
        let firstPlace = generator.nextInt(in: 0...(length - 1))
        // The second character goes to any other place.
        var secondPlace = generator.nextInt(in: 0...(length - 2))
        if secondPlace >= firstPlace { secondPlace += 1 }
        let swapped = generator.nextUnit() < 0.5
        group[firstPlace] = swapped ? pair[1] : pair[0]
        group[secondPlace] = swapped ? pair[0] : pair[1]
        return group
    }

    private func pickPair(using generator: inout SeededGenerator) -> [Symbol] {
        pairs[generator.nextIndex(weightedBy: weights)]
    }

    /// Groups until the text lasts `targetSeconds` at `timing`, ending on a whole group, as
    /// `GroupGenerator.groups(lastingSeconds:timing:using:)` does.
    public func groups(lastingSeconds targetSeconds: Double, timing: Timing, using generator: inout SeededGenerator) -> [[Symbol]] {
        KeyedDuration.fill(
            lastingSeconds: targetSeconds, timing: timing, using: &generator,
            draw: { generator, _ in group(using: &generator) },
            alternatives: { generator, _ in
                level.groupLengths.map { length in group(length: length, using: &generator) }
            })
    }
}
