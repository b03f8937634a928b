/// A learner's over as it was read (decoded from their keying), held
/// against the script's over word by word: what they sent for each value
/// of the contact, and whether it is the script's.
///
/// Words are aligned by edit distance, a word's substitution costing the
/// share of its characters that differ, so that a garbled call still lines
/// up with the call and the words around it stay in place.
public struct QSOOverReading: Sendable, Hashable {
    /// One value of the over and what was sent in its place.
    public struct Check: Sendable, Hashable {
        public var field: QSOField
        /// The words sent where the value belongs, nil if nothing was.
        public var sent: String?
        public var isRight: Bool { sent == field.value }
    }

    public let over: QSOOver
    /// What was read, single spaces between words.
    public let readText: String
    public let checks: [Check]

    public init(over: QSOOver, readText: String) {
        self.over = over
        let read = readText.split(whereSeparator: \.isWhitespace).map { String($0).uppercased() }
        self.readText = read.joined(separator: " ")
        let aligned = Self.align(expected: over.words, read: read)
        checks = over.fields.map { field in
            let words = field.words.flatMap { aligned[$0] }
            return Check(field: field, sent: words.isEmpty ? nil : words.joined(separator: " "))
        }
    }

    /// What was sent for each value that something was sent for, by key.
    public var sentValues: [String: String] {
        var values: [String: String] = [:]
        for check in checks { if let sent = check.sent { values[check.field.key] = sent } }
        return values
    }

    /// The values sent otherwise than the script has them, or not at all.
    public var wrongChecks: [Check] { checks.filter { !$0.isRight } }

    /// For each expected word, the read words aligned to it (a read word
    /// left over between two expected words goes with the earlier one).
    static func align(expected: [String], read: [String]) -> [[String]] {
        let rows = expected.count
        let columns = read.count
        var cost = Array(repeating: Array(repeating: 0.0, count: columns + 1), count: rows + 1)
        for row in 0...rows { cost[row][0] = Double(row) }
        for column in 0...columns { cost[0][column] = Double(column) }
        if rows > 0, columns > 0 {
            for row in 1...rows {
                for column in 1...columns {
                    let substitution = cost[row - 1][column - 1] + wordDistance(expected[row - 1], read[column - 1])
                    cost[row][column] = min(substitution, cost[row - 1][column] + 1, cost[row][column - 1] + 1)
                }
            }
        }
        var aligned = Array(repeating: [String](), count: rows)
        var row = rows
        var column = columns
        var pendingInserted: [String] = []
        while row > 0 || column > 0 {
            if row > 0, column > 0,
                cost[row][column] == cost[row - 1][column - 1] + wordDistance(expected[row - 1], read[column - 1])
            {
                aligned[row - 1] = [read[column - 1]] + pendingInserted
                pendingInserted = []
                row -= 1
                column -= 1
            } else if column > 0, row == 0 || cost[row][column] == cost[row][column - 1] + 1 {
                pendingInserted.insert(read[column - 1], at: 0)
                column -= 1
            } else {
                row -= 1
            }
        }
        if let first = aligned.indices.first, !pendingInserted.isEmpty { aligned[first] = pendingInserted + aligned[first] }
        return aligned
    }

    /// The share of characters that differ (Levenshtein over the longer word), 0 to 1.
    static func wordDistance(_ first: String, _ second: String) -> Double {
        let a = WrittenTokens.split(first)
        let b = WrittenTokens.split(second)
        guard !a.isEmpty || !b.isEmpty else { return 0 }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j] + (x == y ? 0 : 1), previous[j + 1] + 1, current[j] + 1)
            }
            previous = current
        }
        return Double(previous[b.count]) / Double(max(a.count, b.count))
    }
}
