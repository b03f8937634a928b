/// The share of `truth`'s characters a reading got wrong: the edit distance from `decoded`
/// to `truth` (characters inserted, dropped or changed) over `truth`'s length, the measure
/// `../shared/bench/score.py` reports.
public func characterErrorRate(_ decoded: String, _ truth: String, ignoringSpaces: Bool = false) -> Double {
    let a = Array(ignoringSpaces ? decoded.filter { $0 != " " } : decoded)
    let b = Array(ignoringSpaces ? truth.filter { $0 != " " } : truth)
    // The edit distance from the first i characters of `a` to each start of `b`, row by row.
    var previous = Array(0...b.count)
    for (i, character) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for j in b.indices {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (character == b[j] ? 0 : 1))
        }
        previous = current
    }
    return Double(previous[b.count]) / Double(max(1, b.count))
}
