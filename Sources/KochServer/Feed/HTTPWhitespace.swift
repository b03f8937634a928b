extension StringProtocol {
    /// The text without the spaces and tabs (HTTP's optional whitespace) around it, as a header's value
    /// and a list's elements may carry them.
    var trimmingHTTPWhitespace: SubSequence {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isWhitespace($0) }), let end = lastIndex(where: { !isWhitespace($0) }) else {
            return self[endIndex...]
        }
        return self[start...end]
    }
}
