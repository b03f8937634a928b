/// A form's fields as a browser sends them (`application/x-www-form-urlencoded`): names and
/// values percent-decoded, `+` as a space; the last of a repeated name counts.
struct FormFields: Sendable {
    let fields: [String: String]

    init(_ body: String) {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            fields[name] = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
        }
        self.fields = fields
    }

    subscript(name: String) -> String? { fields[name] }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
