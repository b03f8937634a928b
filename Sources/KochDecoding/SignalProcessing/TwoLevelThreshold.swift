/// The level that best parts values into two groups (Otsu, "A threshold selection method
/// from gray-level histograms", 1979): over a histogram of `bins` between the least and the
/// greatest value, the boundary that makes the variance between the groups greatest (and
/// so the spread within them least).
enum TwoLevelThreshold {
    static func of(_ values: [Double], bins: Int = 256) -> Double {
        guard let low = values.min(), let high = values.max(), high > low, bins > 1 else { return values.first ?? 0 }
        let width = (high - low) / Double(bins)
        var counts = [Double](repeating: 0, count: bins)
        for value in values { counts[min(bins - 1, Int((value - low) / width))] += 1 }
        let total = Double(values.count)
        let totalSum = counts.indices.reduce(0) { $0 + counts[$1] * (low + (Double($1) + 0.5) * width) }
        var below = 0.0, belowSum = 0.0
        var best = (between: -1.0, bin: 0)
        for bin in 0..<(bins - 1) {
            below += counts[bin]
            belowSum += counts[bin] * (low + (Double(bin) + 0.5) * width)
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let difference = totalSum * below / total - belowSum
            let between = difference * difference / (below * above)
            if between > best.between { best = (between, bin) }
        }
        return low + Double(best.bin + 1) * width
    }
}
