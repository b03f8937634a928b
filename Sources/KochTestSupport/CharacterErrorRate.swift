/// The share of `truth`'s characters a reading got wrong: the edit distance from `decoded`
/// to `truth` (characters inserted, dropped or changed) over `truth`'s length, the measure
/// `../shared/bench/score.py` reports.
public func characterErrorRate(_ decoded: String, _ truth: String, ignoringSpaces: Bool = false) -> Double {
    let a = Array(ignoringSpaces ? decoded.filter { $0 != " " } : decoded)
    let b = Array(ignoringSpaces ? truth.filter { $0 != " " } : truth)
    var previous = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return Double(a.isEmpty ? b.count : previous[b.count]) / Double(max(1, b.count))
}
