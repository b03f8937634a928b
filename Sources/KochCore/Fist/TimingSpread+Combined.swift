extension TimingSpread {
    /// The spread of every mark or gap of `spreads` taken together, each still measured in dits
    /// of its own keying's speed: the mean weighted by the counts, and the variation of the
    /// whole set pooled from each part's variance and how far its mean lies from the whole's,
    /// so that 200 dits weigh twenty times what 10 do. Nil when there is nothing to combine.
    ///
    /// The variation is nil below two observations, and when a part of two or more has none
    /// (it cannot be pooled without inventing it).
    public static func combined(_ spreads: [TimingSpread]) -> TimingSpread? {
        let counted = spreads.filter { $0.count > 0 }
        let count = counted.reduce(0) { $0 + $1.count }
        guard count > 0 else { return nil }
        let mean = counted.reduce(0.0) { $0 + Double($1.count) * $1.meanDits } / Double(count)
        var variation: Double?
        let pooled = counted.allSatisfy { $0.count < 2 || $0.variationPercent != nil }
        if count > 1, mean > 0, pooled {
            let squares = counted.reduce(0.0) { sum, spread in
                let deviation = (spread.variationPercent ?? 0) / 100 * spread.meanDits
                let within = Double(spread.count - 1) * deviation * deviation
                let between = Double(spread.count) * (spread.meanDits - mean) * (spread.meanDits - mean)
                return sum + within + between
            }
            variation = FistNumber.rounded(100 * (squares / Double(count - 1)).squareRoot() / mean, places: 1)
        }
        return TimingSpread(count: count, meanDits: FistNumber.rounded(mean, places: 2), variationPercent: variation)
    }
}
