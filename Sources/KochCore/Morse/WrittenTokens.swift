/// Written text cut into what Morse sends one at a time: a prosign written in
/// angle brackets (`<BT>`) is one token, anything else one character each.
public enum WrittenTokens {
    /// The tokens of `text`, upper-cased.
    public static func split<S: StringProtocol>(_ text: S) -> [String] {
        let upper = text.uppercased()
        var tokens: [String] = []
        var index = upper.startIndex
        while index < upper.endIndex {
            if upper[index] == "<", let close = upper[index...].firstIndex(of: ">"),
               MorseAlphabet.prosign(String(upper[index...close])) != nil {
                tokens.append(String(upper[index...close]))
                index = upper.index(after: close)
            } else {
                tokens.append(String(upper[index]))
                index = upper.index(after: index)
            }
        }
        return tokens
    }

    /// The Morse pattern of a token (a character or a prosign), nil if it has none.
    public static func pattern(of token: String) -> String? {
        if token.hasPrefix("<") { return MorseAlphabet.prosign(token)?.pattern }
        guard token.count == 1, let character = token.first else { return nil }
        return MorseAlphabet.symbol(for: character)?.pattern
    }

    /// The tokens by their Morse pattern (the first in sorted order where two share one).
    public static func byPattern(_ tokens: Set<String>) -> [String: String] {
        var table: [String: String] = [:]
        for token in tokens.sorted() {
            if let pattern = pattern(of: token), table[pattern] == nil { table[pattern] = token }
        }
        return table
    }
}
