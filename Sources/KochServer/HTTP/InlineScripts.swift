import Foundation
import KochIO

/// The Content-Security-Policy of a page whose template carries its own inline script (the
/// gradebook's column sorting): the server's policy, with each inline script allowed by its SHA-256
/// alone, so that no other script (one a name or a copy might smuggle in) runs.
enum InlineScripts {
    static let policy =
        "default-src 'self'; img-src 'self' data:; media-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self'%@; "
        + "frame-ancestors 'none'; form-action 'self'; base-uri 'none'"

    /// The policy for `page`: `script-src 'self'` and the hash of each `<script>` without a `src`.
    static func contentSecurityPolicy(for page: String) -> String {
        let hashes = scripts(in: page).map { " 'sha256-\(base64SHA256($0))'" }.joined()
        return policy.replacingOccurrences(of: "%@", with: hashes)
    }

    /// The text of every inline script of the page.
    static func scripts(in page: String) -> [String] {
        var found: [String] = []
        var rest = page[...]
        while let open = rest.range(of: "<script>") {
            guard let close = rest[open.upperBound...].range(of: "</script>") else { break }
            found.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    static func base64SHA256(_ text: String) -> String {
        let hex = Array(FileChecksum.sha256Hex(of: Array(text.utf8)).utf8)
        let bytes = stride(from: 0, to: hex.count, by: 2).compactMap { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16) }
        return Data(bytes).base64EncodedString()
    }
}
