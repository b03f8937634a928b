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
                MorseAlphabet.prosign(String(upper[index...close])) != nil
            {
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

    /// A lesson's tokens, by which what is written or decoded is read: each Morse code is one
    /// token, so where a lesson sends `<BT>`, `=` (the same code) is `<BT>` too.
    public struct Alphabet: Sendable {
        private var byPattern: [String: String] = [:]

        /// Where two of `tokens` share a code, the first in sorted order stands for both.
        public init(_ tokens: Set<String>) {
            for token in tokens.sorted() {
                if let pattern = WrittenTokens.pattern(of: token), byPattern[pattern] == nil { byPattern[pattern] = token }
            }
        }

        /// The lesson's token with this code, if it has one.
        public func token(pattern: String) -> String? { byPattern[pattern] }

        /// The lesson's token with the code of `token`, or `token` itself.
        public func reading(_ token: String) -> String {
            WrittenTokens.pattern(of: token).flatMap { byPattern[$0] } ?? token
        }

        /// The tokens of `text`, each read as the lesson's.
        public func tokens<S: StringProtocol>(of text: S) -> [String] {
            WrittenTokens.split(text).map(reading)
        }
    }
}
